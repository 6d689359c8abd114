import type { InterfaceLanguage } from "../../commerce/languages";
import { PAGE_LANGUAGE_HEADER } from "../../web/page-request-language";
/**
 * The request as Remix gets it.
 * - A HEAD is asked as a GET (Remix would take a HEAD of a `.data` URL for an action), and the Worker answers it
 *   without the body.
 * - Remix checks a form post's Origin against X-Forwarded-Host or Host and answers a mismatch, or a missing Host,
 *   with a bare 500. The Worker's origin check has already compared Origin with the address the request came to, so
 *   a post reaches Remix with that address's host and no forwarded host a client could have made up.
 */
export function remixRequest(request: Request, language: InterfaceLanguage): Request {
  if (request.method === "GET") return request;
  const headers = new Headers(request.headers);
  if (request.method === "HEAD") return new Request(request.url, { method: "GET", headers, signal: request.signal });
  headers.delete("X-Forwarded-Host");
  headers.set("Host", new URL(request.url).host);
  headers.set(PAGE_LANGUAGE_HEADER, language);
  return new Request(request, { headers });
}

/**
 * Remix's answer as the Worker sends it: without a body for a HEAD, and a plain 405 where Remix would answer a change
 * to a resource route (robots.txt, the sitemaps) with its JSON "Unexpected Server Error".
 */
export function remixResponse(request: Request, response: Response): Response {
  if (request.method === "HEAD") return new Response(null, response);
  if (response.status === 405 && !response.headers.get("Content-Type")?.startsWith("text/html")) {
    return new Response("This address takes no changes.", {
      status: 405,
      headers: { "Content-Type": "text/plain; charset=utf-8", Allow: "GET, HEAD" },
    });
  }
  return response;
}
