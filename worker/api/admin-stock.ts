import { Hono } from "hono";
import { MAX_STOCK_UNITS } from "../../commerce/stock";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { refreshStockMarkers } from "../catalog/stock-moves";
import { ApiError } from "../http/errors";
import { setStock } from "../stock-admin/set-stock";
import { PRIVATE_ANSWER } from "./private-answer";
import { storeActorOf } from "./store-actor-of";
import { validate } from "./validate";

const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const stockBody = z.object({
  /** Units left of a product at a branch; quantity null stops counting it there (sold without limit). */
  items: z
    .array(z.object({ product_id: id, branch_id: id, quantity: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(MAX_STOCK_UNITS))) }))
    .check(
      z.minLength(1),
      z.maxLength(500),
      z.refine(
        (items) => new Set(items.map((i) => `${i.product_id}:${i.branch_id}`)).size === items.length,
        "each product and branch at most once",
      ),
    ),
});

/**
 * The store's stock figures (decision 053), under /api/admin with a key of scope store: set what is left of products
 * at branches, all or none.
 */
export const adminStockApi = new Hono<AppEnv>().post("/", validate("json", stockBody), async (c) => {
  const tenantId = c.var.tenant.id;
  const answer = await setStock(c.env.DB, c.var.tenant, c.req.valid("json").items, storeActorOf(c));
  if (!answer.ok) throw new ApiError(422, "unknown_item", answer.message);
  await refreshStockMarkers(c.env, tenantId, null);
  return c.json({ items: answer.items }, 200, PRIVATE_ANSWER);
});
