import { isGuestId } from "../../commerce/ids";
import { MAX_RECENT_PLACES, type RecentPlace } from "../../commerce/recent-places";
import type { CacheMarkers } from "../../worker/tenancy/tenant";

/**
 * What the browser keeps for a store under its one local-storage key (spec section 3), and the pure rules for
 * reading it back: junk reads as empty, and a cached copy is only good while every marker it was read at is
 * still the store's (spec section 4: local copies are cleared when a marker changed).
 */

export type MarkerName = keyof CacheMarkers;

/** A local copy of something the store answered, with the versions of the markers it depends on when it was read. */
export interface CachedCopy {
  markers: Partial<CacheMarkers>;
  value: unknown;
}

export interface PersistedState {
  /** The format; a stored state of another version is dropped, not migrated. */
  version: 1;
  /** The guest's id as the server last said (spec section 3: kept in browser storage as well as its cookie). */
  guestId: string | null;
  /** The location drawer's recent places, kept whatever the markers say. */
  recentPlaces: readonly unknown[];
  /** Local copies by name, oldest first. */
  copies: Record<string, CachedCopy>;
}

export const EMPTY_STATE: PersistedState = { version: 1, guestId: null, recentPlaces: [], copies: {} };

/** At most this many copies are kept; the oldest go first (a product's options are a few kilobytes). */
export const MAX_COPIES = 60;

const MARKER_NAMES: readonly MarkerName[] = ["settings", "layouts", "branches", "products"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function markersOf(value: unknown): Partial<CacheMarkers> | null {
  if (!isRecord(value)) return null;
  const markers: Partial<CacheMarkers> = {};
  for (const [name, version] of Object.entries(value)) {
    if (!MARKER_NAMES.includes(name as MarkerName) || !Number.isInteger(version)) return null;
    markers[name as MarkerName] = version as number;
  }
  // A copy that names no marker could never be found stale.
  return Object.keys(markers).length > 0 ? markers : null;
}

/** The state stored as `text`; anything unreadable, of another version or of the wrong shape counts as empty. */
export function parsePersisted(text: string | null): PersistedState {
  if (!text) return EMPTY_STATE;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_STATE;
  }
  if (!isRecord(raw) || raw.version !== 1) return EMPTY_STATE;
  const copies: Record<string, CachedCopy> = {};
  if (isRecord(raw.copies)) {
    for (const [key, copy] of Object.entries(raw.copies)) {
      const markers = isRecord(copy) ? markersOf(copy.markers) : null;
      if (markers && isRecord(copy) && "value" in copy) copies[key] = { markers, value: copy.value };
    }
  }
  return {
    version: 1,
    guestId: typeof raw.guestId === "string" && isGuestId(raw.guestId) ? raw.guestId : null,
    recentPlaces: Array.isArray(raw.recentPlaces) ? raw.recentPlaces : [],
    copies,
  };
}

function isRecentPlace(value: unknown): value is RecentPlace {
  if (!isRecord(value)) return false;
  const { place_id, label, latitude, longitude } = value;
  return (
    typeof place_id === "string" &&
    typeof label === "string" &&
    typeof latitude === "number" &&
    Math.abs(latitude) <= 90 &&
    typeof longitude === "number" &&
    Math.abs(longitude) <= 180
  );
}

/**
 * The recent places after restore: any chosen since the page loaded first, then the stored ones, each place once and
 * at most five (spec section 4); stored entries that are not places are left out.
 */
export function restoredPlaces(current: readonly RecentPlace[], stored: readonly unknown[]): RecentPlace[] {
  const places: RecentPlace[] = [];
  for (const place of [...current, ...stored.filter(isRecentPlace)]) {
    if (!places.some((p) => p.place_id === place.place_id)) places.push(place);
  }
  return places.slice(0, MAX_RECENT_PLACES);
}

/** Whether a copy read at `copy.markers` is still the store's data under `current`. */
export function isFresh(copy: CachedCopy, current: CacheMarkers): boolean {
  return Object.entries(copy.markers).every(([name, version]) => current[name as MarkerName] === version);
}

/** The state without the copies a changed marker made stale; recent places and the guest id stay. */
export function dropStale(state: PersistedState, current: CacheMarkers): PersistedState {
  const copies = Object.fromEntries(Object.entries(state.copies).filter(([, copy]) => isFresh(copy, current)));
  return { ...state, copies };
}

/** The state without any copy: when the markers could not be read, no copy can be shown as current. */
export function dropAllCopies(state: PersistedState): PersistedState {
  return { ...state, copies: {} };
}

/** The state with `copy` as the newest under `key`, the oldest dropped past MAX_COPIES. */
export function withCopy(state: PersistedState, key: string, copy: CachedCopy): PersistedState {
  const { [key]: _replaced, ...others } = state.copies;
  const kept = Object.entries(others).slice(-(MAX_COPIES - 1));
  return { ...state, copies: { ...Object.fromEntries(kept), [key]: copy } };
}

/** The markers a copy depending on `names` was read at. */
export function markersFor(current: CacheMarkers, names: readonly MarkerName[]): Partial<CacheMarkers> {
  return Object.fromEntries(names.map((name) => [name, current[name]]));
}

/** The markers in a `/api/cache-info` answer, or null when it is not one. */
export function parseMarkers(value: unknown): CacheMarkers | null {
  const markers = markersOf(value);
  return markers && MARKER_NAMES.every((name) => markers[name] !== undefined) ? (markers as CacheMarkers) : null;
}

/**
 * `work`'s answer, or `timedOut` if it has not answered within `ms` (or failed): restore gives up on the markers
 * rather than keep the page waiting (spec section 4: restore waits up to 5000 ms).
 */
export function withTimeout<T, F>(work: Promise<T>, ms: number, timedOut: F): Promise<T | F> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(timedOut), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(timedOut);
      },
    );
  });
}
