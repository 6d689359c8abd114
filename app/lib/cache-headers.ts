import type { HeadersFunction } from "@remix-run/cloudflare";
import { CATALOGUE_CACHE_CONTROL, SHOPPER_CACHE_CONTROL } from "../../web/cache-control";

/**
 * Each page route says how its answer may be cached, with one of these as its `headers` export (decision 016); the
 * Worker makes every answer that sets a cookie or answers a form post `private, no-store`, and so is any route that
 * says nothing. Both also carry a throttled action's Retry-After to the page's answer.
 */

function withRetryAfter(cacheControl: string, vary?: string): HeadersFunction {
  return ({ actionHeaders, loaderHeaders }) => {
    // A catalogue page showing something of the shopper's own this time (the product page's pincode check) says so.
    const own = loaderHeaders.get("Cache-Control") === SHOPPER_CACHE_CONTROL;
    const headers: Record<string, string> = { "Cache-Control": own ? SHOPPER_CACHE_CONTROL : cacheControl };
    if (vary) headers.Vary = vary;
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers["Retry-After"] = retryAfter;
    return headers;
  };
}

// The branch and the cart badge come from the shopper's cookies: a browser's copy is only good for the same cookies,
// and the same Save-Data (whose pages carry no Speculation Rules, decision 069).
export const catalogueHeaders = withRetryAfter(CATALOGUE_CACHE_CONTROL, "Cookie, Save-Data");
/** A catalogue page that also differs by a request header of its own. */
export const catalogueHeadersVarying = (header: string) => withRetryAfter(CATALOGUE_CACHE_CONTROL, `Cookie, Save-Data, ${header}`);
/** A catalogue page whose address also answers agents markdown (decision 091): its answer differs by Accept too. */
export const textPageHeaders = catalogueHeadersVarying("Accept");
export const shopperHeaders = withRetryAfter(SHOPPER_CACHE_CONTROL);
