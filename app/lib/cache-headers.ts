import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * Each page route says how its answer may be cached, with one of these as its `headers` export (decision 016); the
 * Worker makes every answer that sets a cookie or answers a form post `private, no-store`, and so is any route that
 * says nothing. Both also carry a throttled action's Retry-After to the page's answer.
 */

/**
 * The catalogue (home, categories, products, search, content pages): the same for every shopper of a store and
 * branch, but each answer carries its own CSP nonce and the shopper's cart badge, so no shared cache may keep one.
 * The browser may keep it for back and forward, and asks again otherwise.
 */
export const CATALOGUE_CACHE_CONTROL = "private, no-cache";

/** Pages that show one shopper's own things (cart, offers for their cart, account): kept nowhere. */
export const SHOPPER_CACHE_CONTROL = "private, no-store";

function withRetryAfter(cacheControl: string): HeadersFunction {
  return ({ actionHeaders }) => {
    const headers: Record<string, string> = { "Cache-Control": cacheControl };
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers["Retry-After"] = retryAfter;
    return headers;
  };
}

export const catalogueHeaders = withRetryAfter(CATALOGUE_CACHE_CONTROL);
export const shopperHeaders = withRetryAfter(SHOPPER_CACHE_CONTROL);
