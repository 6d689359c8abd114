import type { Catalogue, Translate } from "../../commerce/i18n/catalogue";
import { pageMessagesOfDocument } from "./page-messages";

/** The page's messages in the browser, filled area by area as the code that shows them loads (decision 080). */
const pageMessages: Partial<Catalogue> = {};
/** Each area asked for, as its loading: pending, done, or failed (then its messages show as their ids). */
const areas = new Map<string, Promise<void>>();
const settled = new Set<string>();
let chunks: Record<string, string> | undefined;

/**
 * Starts loading an area in the page's language, from the chunk the server named for it in the head, when a chunk of
 * code names it (scripts/vite/message-areas.ts): so the area is on its way (and for the page's first modules,
 * preloaded) before that code renders anything.
 */
function loadArea(area: string): void {
  if (areas.has(area)) return;
  chunks ??= pageMessagesOfDocument().chunks;
  const chunk = chunks[area];
  const loading = (chunk ? import(/* @vite-ignore */ chunk) : Promise.reject(new Error(`no chunk for ${area}`))).then(
    ({ default: messages }: { default: Partial<Catalogue> }) => {
      Object.assign(pageMessages, messages);
    },
  );
  areas.set(
    area,
    loading.finally(() => settled.add(area)),
  );
}

// A global the chunks name their areas on, before or after this module has run.
declare global {
  var __messageAreas: { push(...areas: string[]): unknown; loaded?: () => Promise<unknown> } | undefined;
}

// Chunks that ran before this module queued their areas; those after it call it straight away.
const queued = globalThis.__messageAreas ?? [];
globalThis.__messageAreas = { push: (...areas) => areas.forEach(loadArea), loaded: () => areasLoaded() };
if (Array.isArray(queued)) queued.forEach(loadArea);

/** Every area the page's modules asked for so far; rejects if one failed (the page then stays the server's). */
export const areasLoaded = (): Promise<unknown> => Promise.all(areas.values());

/**
 * The page's translate function in the browser. A message whose area is still on its way suspends the render that
 * needs it: the router renders a client-side navigation's route in a transition, so React keeps the current page on
 * screen until the area is in, and then shows the new one whole.
 */
export const browserTranslate: Translate = (id, ...values) => {
  const message = pageMessages[id] as ((values?: unknown) => string) | undefined;
  if (message) return message(values[0]);
  const area = id.slice(0, id.indexOf("."));
  const loading = settled.has(area) ? undefined : areas.get(area);
  if (loading) throw loading.catch(() => undefined);
  return id;
};
