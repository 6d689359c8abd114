import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { MAX_ID } from "../../commerce/ids";
import { WISHLIST_FULL, wishlistChange } from "../../commerce/wishlist";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import type { Page } from "../catalog/list-products";
import { ApiError } from "../http/errors";
import { changeWishlist, listWishlist, type WishlistItem, wishlistedIds } from "../wishlist/wishlist-store";
import { customerOf, customerOnly, customerScope } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { validate } from "./validate";

/**
 * The signed-in customer's wishlist (spec section 7: get-wishlist, toggle-wishlist-product; and get-wishlist-ids, what
 * fills the hearts). Customers only: a guest is 401. Every answer is the customer's own, so none may be cached.
 */

export const toggleWishlistBody = z.object({
  product_id: z.number().check(z.int(), z.gte(1), z.lte(MAX_ID)),
  wishlisted: z.optional(z.boolean()),
});

export interface WishlistChangeAnswer {
  product_id: number;
  wishlisted: boolean;
}

export interface WishlistIdsAnswer {
  product_ids: number[];
}

export const wishlistQuery = z.object(pagingQuery);

/** GET /api/get-wishlist: a page of the customer's wishlist (a guest is 401). */
export function wishlistOf(o: OriginContext, query: z.output<typeof wishlistQuery>): Promise<Page<WishlistItem>> {
  return listWishlist(o.env.DB, o.tenant, customerOf(o).customerId, toPaging(query));
}

/** GET /api/get-wishlist-ids: the ids of the customer's wishlisted products, what fills the hearts (a guest is 401). */
export async function wishlistIdsOf(o: OriginContext): Promise<WishlistIdsAnswer> {
  return { product_ids: await wishlistedIds(o.env.DB, o.tenant.id, customerOf(o).customerId) };
}

/** POST /api/toggle-wishlist-product: a product on or off the customer's wishlist (a guest is 401; throttled). */
export async function toggleWishlistOf(o: OriginContext, body: z.output<typeof toggleWishlistBody>): Promise<WishlistChangeAnswer> {
  const { customerId, owner } = customerScope(o);
  await throttle(o, "wishlist", owner);
  const { product_id, wishlisted } = body;
  const outcome = await changeWishlist(o.env.DB, o.tenant.id, customerId, product_id, wishlistChange(wishlisted));
  if (outcome === "not_found") throw new ApiError(404, "not_found", message("errors.no_such_product"));
  if (outcome === "full") throw new ApiError(422, "wishlist_full", WISHLIST_FULL);
  return { product_id, wishlisted: outcome.wishlisted };
}

export const wishlistApi = new Hono<AppEnv>()
  // A guest is 401 before anything else is read.
  .use("/get-wishlist", customerOnly)
  .use("/get-wishlist-ids", customerOnly)
  .use("/toggle-wishlist-product", customerOnly)
  .get("/get-wishlist", validate("query", wishlistQuery), async (c) =>
    c.json(await wishlistOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .get("/get-wishlist-ids", async (c) => c.json(await wishlistIdsOf(originContextOf(c)), 200, PRIVATE_ANSWER))
  .post("/toggle-wishlist-product", validate("json", toggleWishlistBody), async (c) =>
    c.json(await toggleWishlistOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  );
