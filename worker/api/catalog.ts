import { Hono } from "hono";
import { z } from "zod";
import { listProducts } from "../catalog/list-products";
import type { AppEnv } from "../env";
import { validate } from "./validate";

export const MAX_PER_PAGE = 48;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(12),
});

/** The catalogue: product listings. */
export const catalogApi = new Hono<AppEnv>().get("/get-products", validate("query", pageQuery), async (c) => {
  const { page, per_page: perPage } = c.req.valid("query");
  return c.json(await listProducts(c.env.DB, c.var.tenant, page, perPage));
});
