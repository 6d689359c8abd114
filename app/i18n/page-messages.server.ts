import MESSAGE_AREAS from "virtual:message-areas";
import type { EntryContext } from "@remix-run/cloudflare";
import type { InterfaceLanguage } from "../../commerce/languages";
import { messageChunksOf } from "./message-chunks";
import type { PageMessages } from "./page-messages";

const PAGES = new Map<string, PageMessages>();

/**
 * What the head names of the page's messages (decision 080): the chunks of the areas the page's modules load, in its
 * language (the entry's and each matched route's module with its imports, as the browser will evaluate them), and
 * every area's chunk in that language. Kept per language and routes: a handful.
 */
export function pageMessagesOf({ manifest, staticHandlerContext }: EntryContext, language: InterfaceLanguage): PageMessages {
  const routes = staticHandlerContext.matches.map((match) => match.route.id);
  const key = `${language} ${routes.join(" ")}`;
  let page = PAGES.get(key);
  if (!page) {
    const files = [manifest.entry.module, ...manifest.entry.imports];
    for (const id of routes) {
      const route = manifest.routes[id];
      if (route) files.push(route.module, ...(route.imports ?? []));
    }
    const own = MESSAGE_AREAS.files[language] ?? {};
    const chunks = Object.fromEntries(Object.entries(own).map(([area, [chunk]]) => [area, chunk!]));
    page = { language, preloads: messageChunksOf(MESSAGE_AREAS, files, language), chunks };
    PAGES.set(key, page);
  }
  return page;
}
