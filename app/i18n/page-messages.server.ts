import MESSAGE_PACKS from "virtual:message-packs";
import type { EntryContext } from "@remix-run/cloudflare";
import type { Said } from "../../commerce/i18n/said";
import { catalogueOf } from "../../commerce/i18n/translators";
import { type InterfaceLanguage, SOURCE_LANGUAGE } from "../../commerce/languages";
import { browserIdsOf, packOf, pageChunksOf } from "./message-packs";
import type { PageMessages } from "./page-messages";

const PAGES = new Map<string, PageMessages>();
let browserIds: Map<string, string> | undefined;

/**
 * The messages a page's first chunks name (decision 081): the entry's and each matched route's module with its imports,
 * as Remix preloads them, each chunk's ids as the browser's build recorded them, in the page's language and keyed by
 * the names the browser's code gives them (`browserIdsOf`). Kept per
 * language and routes: a handful.
 */
export function pageMessagesOf({ manifest, staticHandlerContext }: EntryContext, language: InterfaceLanguage): PageMessages {
  const routes = staticHandlerContext.matches.map((match) => match.route.id);
  const key = `${language} ${routes.join(" ")}`;
  let page = PAGES.get(key);
  if (!page) {
    const { chunks, ids } = pageChunksOf(MESSAGE_PACKS, manifest, routes);
    const catalogue: Record<string, Said> = catalogueOf(language);
    browserIds ??= browserIdsOf(catalogueOf(SOURCE_LANGUAGE));
    const messages = Object.fromEntries(ids.map((id) => [browserIds!.get(id)!, catalogue[id]!]));
    page = { language, chunks: chunks.map(packOf), messages };
    PAGES.set(key, page);
  }
  return page;
}
