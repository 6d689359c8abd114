import { createContext, useContext } from "react";
import type { Said } from "../../commerce/i18n/said";
import type { InterfaceLanguage } from "../../commerce/languages";

/** The page's messages as the server gives them to the browser (decision 081). */
export interface PageMessages {
  language: InterfaceLanguage;
  /** The page's first chunks whose messages these are (their names without `.js`): none of them fetches its own. */
  chunks: readonly string[];
  /** Every message those chunks name, in the page's language, as said. */
  messages: Record<string, Said>;
}

const PageMessagesContext = createContext<PageMessages>({ language: "en", chunks: [], messages: {} });

/** Given by entry.server.tsx from the build's record and the matched routes, and by entry.client.tsx from the head. */
export const PageMessagesProvider = PageMessagesContext.Provider;

export const usePageMessages = (): PageMessages => useContext(PageMessagesContext);

const SCRIPT_ID = "page-messages";

/**
 * The head's part: the messages of the page's first chunks, in its HTML as JSON that is not run, so the page fetches
 * nothing more to hydrate. The browser renders the script empty: hydration keeps the text the server wrote, and no
 * page's JavaScript carries it.
 */
export function PageMessagesScript({ nonce }: { nonce?: string }) {
  const { chunks, messages } = usePageMessages();
  return (
    <script
      type="application/json"
      id={SCRIPT_ID}
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our catalogue's own texts, as JSON that is not run, "<" escaped
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? JSON.stringify({ chunks, messages }).replaceAll("<", "\\u003c") : "" }}
    />
  );
}

/** In the browser: what the server wrote, read back from the document. */
export function pageMessagesOfDocument(): PageMessages {
  const { chunks = [], messages = {} } = JSON.parse(document.getElementById(SCRIPT_ID)?.textContent || "{}") as Partial<PageMessages>;
  return { language: document.documentElement.dataset.messages as InterfaceLanguage, chunks, messages };
}
