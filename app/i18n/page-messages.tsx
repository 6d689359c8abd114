import { createContext, useContext } from "react";
import type { InterfaceLanguage } from "../../commerce/languages";

/** The page's messages as the head names them to the browser (decision 080). */
export interface PageMessages {
  language: InterfaceLanguage;
  /** The chunks of the areas the page's modules load, in its language, with the ICU runtime: preloaded. */
  preloads: readonly string[];
  /** Every area's chunk in the page's language, for code that comes later with client-side navigations. */
  chunks: Record<string, string>;
}

const PageMessagesContext = createContext<PageMessages>({ language: "en", preloads: [], chunks: {} });

/** Given by entry.server.tsx from the build's record and the matched routes, and by entry.client.tsx from the head. */
export const PageMessagesProvider = PageMessagesContext.Provider;

export const usePageMessages = (): PageMessages => useContext(PageMessagesContext);

const CHUNKS_ID = "message-chunks";

/**
 * The head's part: the page's areas preloaded, fetched beside the route's own modules; and every area's chunk as JSON
 * (not run). The browser renders the script empty: hydration keeps the text the server wrote, and no page's JavaScript
 * carries the map.
 */
export function MessageChunks({ nonce }: { nonce?: string }) {
  const { preloads, chunks } = usePageMessages();
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} data-messages="" />
      ))}
      <script
        type="application/json"
        id={CHUNKS_ID}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our build's own chunk addresses, as JSON that is not run, "<" escaped
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? JSON.stringify(chunks).replaceAll("<", "\\u003c") : "" }}
      />
    </>
  );
}

/** In the browser: what the server wrote, read back from the document, so that hydration finds the same nodes. */
export function pageMessagesOfDocument(): PageMessages {
  const links = document.head.querySelectorAll<HTMLLinkElement>("link[data-messages]");
  return {
    language: document.documentElement.dataset.messages as InterfaceLanguage,
    preloads: Array.from(links, (link) => link.getAttribute("href") ?? ""),
    chunks: JSON.parse(document.getElementById(CHUNKS_ID)?.textContent || "{}") as Record<string, string>,
  };
}
