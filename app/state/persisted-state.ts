import { DEFAULT_BRANCH_ID } from "../../commerce/branch-choice";
import type { RecentPlace } from "../../commerce/recent-places";
import type { CacheMarkers } from "../../worker/tenancy/tenant";
import { browserOrigin } from "../browser-origin";
import { STATE_RESTORE_TIMEOUT_MS, STATE_WRITE_THROTTLE_MS } from "./client-timing";
import {
  dropAllCopies,
  dropStale,
  EMPTY_STATE,
  isFresh,
  type MarkerName,
  markersFor,
  type PersistedState,
  parseMarkers,
  parsePersisted,
  withCopy,
  withTimeout,
} from "./persisted-shape";

/**
 * The browser's persisted state (decision 029), client-only. Local storage belongs to one origin, and a store is one
 * host, so this one key is per store. Until restore has checked the copies against `/api/cache-info`, none is
 * handed out: a page never shows data older than the markers say.
 */
export const STORAGE_KEY = "storefront-state";

let state: PersistedState = EMPTY_STATE;
/** The markers read at load, or null before restore or when they could not be read (then nothing is cached). */
let markers: CacheMarkers | null = null;
let restoring: Promise<void> | null = null;
let restored = false;
/** The guest id the server last named (the root loader's); restore stores it, whatever storage had. */
let serverGuestId: string | null = null;
const afterRestore = new Set<(state: PersistedState) => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (or throw in a sandboxed frame): the page works without it.
    return null;
  }
}

let writeTimer: ReturnType<typeof setTimeout> | null = null;
function write() {
  writeTimer = null;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Full or refused: the copies are only a cache, the next change tries again.
  }
}

/** Writes the state soon; a burst of changes is one write. */
function scheduleWrite() {
  if (writeTimer === null) writeTimer = setTimeout(write, STATE_WRITE_THROTTLE_MS);
}

async function readMarkers(): Promise<CacheMarkers | null> {
  // Store-wide, so any branch will do; checked all the same, as a proxy may answer in between.
  const response = await browserOrigin(DEFAULT_BRANCH_ID).api["cache-info"].$get(undefined, { init: { cache: "no-store" } });
  return response.ok ? parseMarkers(await response.json()) : null;
}

/**
 * Reads the stored state once per page load: copies whose marker changed are dropped, and if the markers do not come
 * within the restore time-out, every copy is (recent places are kept either way). The guest id is the server's:
 * when its cookie is gone, the stored one goes too (decision 029).
 */
export function restorePersistedState(): Promise<void> {
  restoring ??= (async () => {
    const stored = parsePersisted(storage()?.getItem(STORAGE_KEY) ?? null);
    markers = await withTimeout(readMarkers(), STATE_RESTORE_TIMEOUT_MS, null);
    checkedAt = Date.now();
    state = { ...(markers ? dropStale(stored, markers) : dropAllCopies(stored)), guestId: serverGuestId };
    restored = true;
    write();
    for (const listener of afterRestore) listener(state);
  })();
  return restoring;
}

/** Markers are read again when a tab is shown after this long (ours): a store may change while a tab sits open. */
const RECHECK_AFTER_MS = 30_000;
let checkedAt = 0;

/** Reads the markers again and drops the copies a change made stale; a failed read changes nothing. */
export async function recheckMarkers(): Promise<void> {
  if (!restored || Date.now() - checkedAt < RECHECK_AFTER_MS) return;
  checkedAt = Date.now();
  const current = await withTimeout(readMarkers(), STATE_RESTORE_TIMEOUT_MS, null);
  if (!current) return;
  markers = current;
  state = dropStale(state, current);
  scheduleWrite();
}

/** Calls `listener` with the restored state once restore has finished (at once if it has). */
export function onRestored(listener: (state: PersistedState) => void): () => void {
  if (restored) listener(state);
  afterRestore.add(listener);
  return () => afterRestore.delete(listener);
}

/** Keeps the server's word on the guest id (the first change mints it, a sign-in or sign-out drops it). */
export function keepGuestId(guestId: string | null): void {
  serverGuestId = guestId;
  if (!restored || state.guestId === guestId) return;
  state = { ...state, guestId };
  scheduleWrite();
}

export function keepRecentPlaces(places: readonly RecentPlace[]): void {
  state = { ...state, recentPlaces: places };
  scheduleWrite();
}

/** The copy kept under `key` if it is current by the markers last read; undefined otherwise. */
export function cachedCopy<T>(key: string): T | undefined {
  const copy = state.copies[key];
  return markers && copy && isFresh(copy, markers) ? (copy.value as T) : undefined;
}

/**
 * The label for data about to be fetched that depends on the `needs` markers: the markers read at load, taken
 * before the fetch starts, so they are never newer than the data (a change in between only drops the copy early).
 * Null before restore has read them: such data is not kept.
 */
export function copyLabel(needs: readonly MarkerName[]): Partial<CacheMarkers> | null {
  return markers ? markersFor(markers, needs) : null;
}

/** Keeps `value` under `key` with the label taken before it was fetched. */
export function keepCopy(key: string, label: Partial<CacheMarkers> | null, value: unknown): void {
  if (!label) return;
  state = withCopy(state, key, { markers: label, value });
  scheduleWrite();
}
