import type { Said } from "../../commerce/i18n/said";
import type { InterfaceLanguage } from "../../commerce/languages";

/** The page's messages as the server gives them to the browser (decision 081). */
export interface PageMessages {
  language: InterfaceLanguage;
  /** The page's chunks whose messages these are, by their hashes (`packOf`): none of them fetches its pack. */
  chunks: readonly string[];
  /** Every message those chunks name, in the page's language, keyed by its name in the browser's code. */
  messages: Record<string, Said>;
}

/** The element of the page's head that holds them, as JSON that is not run (app/i18n/page-messages.server.ts). */
export const PAGE_MESSAGES_ID = "page-messages";

/** In the browser: what the server wrote. */
export const pageMessagesOfDocument = (): PageMessages =>
  JSON.parse(document.getElementById(PAGE_MESSAGES_ID)?.textContent || '{"chunks":[],"messages":{}}') as PageMessages;
