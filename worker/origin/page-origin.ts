import { cartOf, recommendedFor } from "../api/cart";
import { pagesOf, storeDataOf } from "../api/content";
import { pageFailure } from "../api/errors";
import type { OriginContext } from "../api/origin-context";

/** Runs one operation for a page: its answer, or its failure as the page's loader throws it (`pageFailure`). */
async function forPage<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw pageFailure(error, operation);
  }
}

/**
 * The origin's operations a page calls as functions (decision 066): the same operations, inputs and answers as their
 * `/api` routes, run with the store, branch and shopper the Worker already resolved for the page, so no Request is
 * built, no middleware runs again and no JSON is written or read. Cached answers come as the kept value itself, frozen.
 * The operations not listed here are still reached through `api`, the typed client over the in-process transport,
 * until each moves here.
 */
export function pageOrigin(o: OriginContext) {
  return {
    /** GET /api/get-data */
    storeData: () => forPage("get-data", async () => (await storeDataOf(o)).value),
    /** GET /api/get-pages */
    pages: () => forPage("get-pages", async () => (await pagesOf(o)).value),
    /** GET /api/get-cart */
    cart: () => forPage("get-cart", () => cartOf(o)),
    /** GET /api/get-cart-recommended-products */
    recommended: () => forPage("get-cart-recommended-products", () => recommendedFor(o)),
  };
}
