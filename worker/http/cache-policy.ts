import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";

const READS = new Set(["GET", "HEAD"]);

/**
 * The caching rule for every page answer (documents and `.data`), applied by the Worker so no route can forget it
 * (decision 016): an answer that sets a cookie, or answers a form post, is `private, no-store`, whatever the route
 * said; an answer whose route said nothing is `private, no-store` too. Catalogue routes say what they allow
 * themselves (app/lib/cache-headers.ts).
 */
export function applyPageCachePolicy(method: string, response: Response): void {
  const headers = response.headers;
  if (headers.has("Set-Cookie") || !READS.has(method) || !headers.has("Cache-Control")) {
    headers.set("Cache-Control", SHOPPER_CACHE_CONTROL);
  }
}
