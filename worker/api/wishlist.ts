import { Hono } from "hono";
import { z } from "zod";
import { MAX_ID } from "../../commerce/ids";
import { WISHLIST_FULL, wishlistChange } from "../../commerce/wishlist";
import type { AppEnv } from "../app-env";
import { changeWishlist, listWishlist, wishlistedIds } from "../wishlist/wishlist-store";
import { customerOf, customerOnly, customerScope } from "./customer";
import { ApiError } from "./errors";
import { originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { validate } from "./validate";

/**
 * The signed-in customer's wishlist (spec section 7: get-wishlist, toggle-wishlist-product; and get-wishlist-ids, what
 * fills the hearts). Customers only: a guest is 401. Every answer is the customer's own, so none may be cached.
 */

export const toggleWishlistBody = z.object({
  product_id: z.number().int().min(1).max(MAX_ID),
  wishlisted: z.boolean().optional(),
});

export interface WishlistChangeAnswer {
  product_id: number;
  wishlisted: boolean;
}

export interface WishlistIdsAnswer {
  product_ids: number[];
}

export const wishlistApi = new Hono<AppEnv>()
  // A guest is 401 before anything else is read.
  .use("/get-wishlist", customerOnly)
  .use("/get-wishlist-ids", customerOnly)
  .use("/toggle-wishlist-product", customerOnly)
  .get("/get-wishlist", validate("query", z.object(pagingQuery)), async (c) => {
    const page = await listWishlist(c.env.DB, c.var.tenant, customerOf(originContextOf(c)).customerId, toPaging(c.req.valid("query")));
    return c.json(page, 200, PRIVATE_ANSWER);
  })
  .get("/get-wishlist-ids", async (c) => {
    const body: WishlistIdsAnswer = {
      product_ids: await wishlistedIds(c.env.DB, c.var.tenant.id, customerOf(originContextOf(c)).customerId),
    };
    return c.json(body, 200, PRIVATE_ANSWER);
  })
  .post("/toggle-wishlist-product", validate("json", toggleWishlistBody), async (c) => {
    const { customerId, owner } = customerScope(originContextOf(c));
    await throttle(originContextOf(c), "wishlist", owner);
    const { product_id, wishlisted } = c.req.valid("json");
    const outcome = await changeWishlist(c.env.DB, c.var.tenant.id, customerId, product_id, wishlistChange(wishlisted));
    if (outcome === "not_found") throw new ApiError(404, "not_found", "There is no such product in this store.");
    if (outcome === "full") throw new ApiError(422, "wishlist_full", WISHLIST_FULL);
    const body: WishlistChangeAnswer = { product_id, wishlisted: outcome.wishlisted };
    return c.json(body, 200, PRIVATE_ANSWER);
  });
