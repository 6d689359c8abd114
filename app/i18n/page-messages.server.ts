import MESSAGE_PACKS from "virtual:message-packs";
import type { EntryContext } from "@remix-run/cloudflare";
import { catalogueOf } from "../../commerce/i18n/translators";
import { type InterfaceLanguage, SOURCE_LANGUAGE } from "../../commerce/languages";
import { browserIdsOf, pageMessagesOf } from "./message-packs";
import { PAGE_MESSAGES_ID } from "./page-messages";

const SCRIPTS = new Map<string, string>();
let browserIds: Map<string, string> | undefined;

/**
 * The messages a page's chunks name (decision 081), as the element the server puts last in the page's head: the entry's
 * and each matched route's module with its imports, as Remix preloads them, and the shell's parts, each chunk's ids as the browser's
 * build recorded them, in the page's language and keyed by their names in the browser's code (`browserIdsOf`). React
 * renders nothing of it, so no page's JavaScript carries it, and leaves a node after the head's own in place when it
 * hydrates. Kept per language and routes: a handful.
 */
export function pageMessagesScript({ manifest, staticHandlerContext }: EntryContext, language: InterfaceLanguage): string {
  const routes = staticHandlerContext.matches.map((match) => match.route.id);
  const key = `${language} ${routes.join(" ")}`;
  let script = SCRIPTS.get(key);
  if (!script) {
    browserIds ??= browserIdsOf(catalogueOf(SOURCE_LANGUAGE));
    const page = pageMessagesOf(MESSAGE_PACKS, manifest, routes, language, catalogueOf(language), browserIds);
    // Not run, so it needs no nonce; "<" escaped so that no text of a message can end the element.
    script = `<script type="application/json" id="${PAGE_MESSAGES_ID}">${JSON.stringify(page).replaceAll("<", "\\u003c")}</script>`;
    SCRIPTS.set(key, script);
  }
  return script;
}
