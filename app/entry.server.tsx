import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { translatorOf } from "../commerce/i18n/translators";
import { pageMessagesScript } from "./i18n/page-messages.server";
import { I18nProvider } from "./i18n/use-t";
import { handoffScripts, readHandoff } from "./lib/inline-handoff.server";
import { NonceContext } from "./lib/nonce";

/**
 * Every page is rendered to one string, for crawlers and people alike: no page defers data, so streaming would only
 * cost (thousands of small encodes, Suspense chunks for the data) without showing anything sooner, and a whole
 * document can be kept by the page cache. Decision 035.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const stream = remixContext.serverHandoffStream;
  const data = stream ? await readHandoff(stream, request.signal) : undefined;
  // Without the stream RemixServer renders no StreamTransfer; the data goes in below instead. The context object
  // itself must stay the one Remix handed us (it records the deepest boundary rendered on it).
  remixContext.serverHandoffStream = undefined;
  const language = loadContext.language.messages;
  // A render error throws: Remix renders again with the error at the nearest boundary, with status 500.
  const markup = renderToString(
    <NonceContext.Provider value={nonce}>
      <I18nProvider value={translatorOf(language)}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nProvider>
    </NonceContext.Provider>,
  );
  const scripts = data !== undefined && remixContext.renderMeta?.didRenderScripts ? handoffScripts(data, nonce) : "";
  const head = markup.indexOf("</head>");
  const withMessages = head < 0 ? markup : markup.slice(0, head) + pageMessagesScript(remixContext, language) + markup.slice(head);
  const end = withMessages.lastIndexOf("</body>");
  const html = end < 0 ? withMessages + scripts : withMessages.slice(0, end) + scripts + withMessages.slice(end);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // renderToString leaves out the doctype the streaming renderer adds; without it browsers use quirks mode.
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Errors Remix reports from loaders, actions and rendering. A client's mistake (a post to a page without a form,
 * an unknown address) is answered with its 4xx page and not logged; what is left is ours to look at.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
}
