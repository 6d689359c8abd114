import { type Translate, translator } from "../../commerce/i18n/catalogue";
import type { Said } from "../../commerce/i18n/said";
import { packAddress, packOf } from "./message-packs";
import { pageMessagesOfDocument } from "./page-messages";

/**
 * The page's messages in the browser (decision 081): those of its first chunks from its HTML, then each later chunk's
 * (a route of a client-side navigation, a drawer) from the pack beside it, fetched when that chunk runs.
 */
/** What the server wrote of the page's messages, read from its HTML once. */
export const page = pageMessagesOfDocument();
const messages: Record<string, Said> = page.messages;
const translate = translator(page.language, messages);
/** Each chunk asked for, by pack name: its messages' loading, pending, done or failed (they then show as their ids). */
const packs = new Map<string, Promise<unknown>>(page.chunks.map((chunk) => [chunk, Promise.resolve()]));
let pending = 0;

/** Starts fetching the messages of a chunk that names some (scripts/vite/message-packs.ts) unless the page has them. */
function loadPack(chunk: string): void {
  const { pathname } = new URL(chunk);
  const name = packOf(pathname);
  if (packs.has(name)) return;
  pending++;
  const loading = fetch(packAddress(pathname, page.language))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
    .then((pack) => Object.assign(messages, pack as Record<string, Said>))
    .finally(() => pending--);
  packs.set(name, loading);
}

// What each chunk that names messages calls as it runs (scripts/vite/message-packs.ts); `withMessages` waits on it.
declare global {
  var __messagePack: (((chunk: string) => void) & { loaded: () => Promise<unknown> }) | undefined;
}
globalThis.__messagePack = Object.assign(loadPack, { loaded: () => packsLoaded() });

/** Every pack the page's chunks asked for so far; rejects if one failed (the page then stays the server's). */
export const packsLoaded = (): Promise<unknown> => Promise.all(packs.values());

/**
 * The page's translate function in the browser. A message missing while a pack is on its way suspends the render that
 * needs it: the router renders a client-side navigation's route in a transition, so React keeps the current page on
 * screen until the words are in, and then shows the new one whole.
 */
export const browserTranslate: Translate = (id, ...values) => {
  if (!Object.hasOwn(messages, id) && pending > 0) throw packsLoaded().catch(() => undefined);
  return translate(id, ...values);
};
