import { type StoreSettings, storeSettings } from "../../commerce/store-settings";
import { sanitizeHtml } from "../html/sanitize-html";
import type { StoredTenant } from "./tenant";

/** Stores whose parsed settings an isolate keeps; past it the least recently parsed goes. */
const MAX_STORES = 1000;

/**
 * Each store's settings, parsed once per settings marker in this isolate: the marker changes with every write to them
 * (an import, the owner API), so a parse kept beside its marker is never stale, and a warm isolate reads no setting
 * from D1. One entry per store: a new marker replaces the old parse.
 */
const parsed = new Map<number, { marker: number; settings: StoreSettings }>();

export function settingsOf(stored: StoredTenant): StoreSettings {
  const hit = parsed.get(stored.id);
  if (hit?.marker === stored.markers.settings) return hit.settings;
  const raw = { ...stored.settings };
  // Store-owner HTML is sanitised on import and again here: a row written another way still reaches pages only
  // through the allowlist.
  if (raw.powered_by_zepio !== undefined) raw.powered_by_zepio = sanitizeHtml(raw.powered_by_zepio);
  const settings = storeSettings(raw);
  parsed.delete(stored.id);
  parsed.set(stored.id, { marker: stored.markers.settings, settings });
  if (parsed.size > MAX_STORES) parsed.delete(parsed.keys().next().value as number);
  return settings;
}
