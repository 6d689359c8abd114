import { matchRoutes } from "@remix-run/react";
import { type Translate, translator } from "../../commerce/i18n/catalogue";
import type { Said } from "../../commerce/i18n/said";
import { packAddress, packOf } from "./message-packs";
import { pageMessagesOfDocument } from "./page-messages";

/**
 * The page's messages in the browser (decision 081): those of its own chunks and the shell's from its HTML, then each
 * later chunk's (a route of a client-side navigation, a drawer) from the pack beside it.
 */
const { language, chunks, messages } = pageMessagesOfDocument();
const translate = translator(language, messages);
/** The chunks whose messages are in or on their way, by pack name. */
const asked = new Set(chunks);
/** Every pack asked for so far, settled: one that could not load (offline) is asked again by the next chunk naming it. */
let loaded: Promise<unknown> = Promise.resolve();
let pending = 0;

/** Fetches the messages of a chunk that names some (scripts/vite/message-packs.ts), unless the page has them. */
function loadPack(chunk: string): void {
  const name = packOf(chunk);
  if (asked.has(name)) return;
  asked.add(name);
  pending++;
  const pack = fetch(packAddress(chunk, language))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
    .then(
      (pack) => Object.assign(messages, pack as Record<string, Said>),
      // Its messages show as their names meanwhile; the part that names them still works.
      () => asked.delete(name),
    )
    .finally(() => pending--);
  loaded = Promise.all([loaded, pack]);
}

// What each chunk that names messages calls with its address as it runs; `withMessages` waits on it.
declare global {
  var __messagePack: (((chunk: string) => void) & { loaded: () => Promise<unknown> }) | undefined;
}
globalThis.__messagePack = Object.assign(loadPack, { loaded: () => loaded });

// What Remix leaves on the window: its router, and its manifest of each route's chunks.
declare global {
  interface Window {
    __remixRouter: {
      routes: Parameters<typeof matchRoutes>[0];
      basename: string | undefined;
      subscribe(listener: (state: { navigation: { location?: Parameters<typeof matchRoutes>[1] } }) => void): () => void;
    };
    __remixManifest: { routes: Record<string, { module: string; imports?: string[] }> };
  }
}

/**
 * Asks for a navigation's packs as it starts, beside its routes' modules and data, from the manifest's lists of their
 * chunks, rather than after each module has run: the new page then rarely waits for its words. Once hydrated.
 */
export function followNavigations(): void {
  const router = window.__remixRouter;
  router.subscribe(({ navigation }) => {
    if (!navigation.location) return;
    for (const { route } of matchRoutes(router.routes, navigation.location, router.basename) ?? []) {
      const chunks = window.__remixManifest.routes[route.id];
      if (chunks) for (const chunk of [chunks.module, ...(chunks.imports ?? [])]) loadPack(chunk);
    }
  });
}

/** Every pack the page's chunks asked for so far, settled. */
export const packsLoaded = (): Promise<unknown> => loaded;

/**
 * The page's translate function in the browser. A message missing while a pack is on its way suspends the render that
 * needs it: the router renders a client-side navigation's route in a transition, so React keeps the current page on
 * screen until the words are in, and then shows the new one whole.
 */
export const browserTranslate: Translate = (id, ...values) => {
  if (pending > 0 && !Object.hasOwn(messages, id)) throw loaded;
  return translate(id, ...values);
};
