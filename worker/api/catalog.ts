import { type Context, Hono } from "hono";
import { z } from "zod";
import { MAX_ID } from "../../commerce/ids";
import type { AppEnv } from "../app-env";
import { answerMarked } from "../cache/marked-answer";
import { markedKey, markedValue } from "../cache/marked-cache";
import { listProducts, type Paging } from "../catalog/list-products";
import { loadProduct, loadRating } from "../catalog/product-detail";
import { loadProductReviews } from "../catalog/reviews";
import { searchProducts } from "../catalog/search-products";
import { loadSitemapIndex, loadSitemapProducts } from "../catalog/sitemap";
import { findCategory } from "../store-data/category";
import type { Category } from "../store-data/store-data";
import { ApiError } from "./errors";
import { pagingQuery, slugOrId, toPaging } from "./paging";
import { validate } from "./validate";

const notFound = (what: string) => new ApiError(404, "not_found", `There is no such ${what} in this store.`);

/*
 * Catalogue answers are kept per isolate by the products marker (worker/cache/marked-cache.ts); only values that exist
 * are kept. Categories (few per store) are also kept in KV; listing pages and products have a key per page or product
 * and keep only the bounded isolate copy. Search by free text is not kept: its keys have no bound.
 */

/** The markers of answers with amounts: those are written with the store's decimal places, a setting. */
const PRICED = ["products", "settings"] as const;

type Call = Context<AppEnv>;

function category(c: Call, slug: string) {
  const key = markedKey(c.var.tenant, "category", ["products"], [slug]);
  return markedValue(c.env, c.executionCtx, key, "isolate+kv", () => findCategory(c.env.DB, c.var.tenant.id, slug));
}

/** One listing page the branch sells, the store's or one category's. */
function listing(c: Call, paging: Paging, of?: Category) {
  const { tenant, branchId } = c.var;
  const key = markedKey(tenant, "products", PRICED, [`b${branchId}`, of ? `c${of.id}` : "all", paging.page, paging.perPage]);
  return markedValue(c.env, c.executionCtx, key, "isolate", () => listProducts(c.env.DB, tenant, branchId, paging, of?.id));
}

/** The catalogue: listings, categories, products, search and reviews. */
export const catalogApi = new Hono<AppEnv>()
  .get("/get-products", validate("query", z.object(pagingQuery)), async (c) => {
    return answerMarked(c, await listing(c, toPaging(c.req.valid("query"))));
  })
  .get("/get-category", validate("query", z.object({ slug: slugOrId })), async (c) => {
    const found = await category(c, c.req.valid("query").slug);
    if (!found) throw notFound("category");
    return answerMarked(c, found);
  })
  .get("/get-category-products", validate("query", z.object({ slug: slugOrId, ...pagingQuery })), async (c) => {
    const query = c.req.valid("query");
    const found = await category(c, query.slug);
    if (!found) throw notFound("category");
    return answerMarked(c, await listing(c, toPaging(query), found.value));
  })
  .get("/get-product", validate("query", z.object({ slug: slugOrId })), async (c) => {
    const { tenant, branchId } = c.var;
    const slug = c.req.valid("query").slug;
    const key = markedKey(tenant, "product", PRICED, [`b${branchId}`, slug]);
    const product = await markedValue(c.env, c.executionCtx, key, "isolate", () => loadProduct(c.env.DB, tenant, branchId, slug));
    if (!product) throw notFound("product");
    return c.json({ ...product.value, rating: await loadRating(c.env.DB, tenant.id, product.value.id) });
  })
  .get("/search-products", validate("query", z.object({ q: z.string().trim().min(1).max(100), ...pagingQuery })), async (c) => {
    const query = c.req.valid("query");
    return c.json(await searchProducts(c.env.DB, c.var.tenant, c.var.branchId, query.q, toPaging(query)));
  })
  .get(
    "/get-product-reviews",
    validate("query", z.object({ product_id: z.coerce.number().int().min(1).max(MAX_ID), ...pagingQuery })),
    async (c) => {
      const query = c.req.valid("query");
      const reviews = await loadProductReviews(c.env.DB, c.var.tenant.id, query.product_id, toPaging(query));
      if (!reviews) throw notFound("product");
      return c.json(reviews);
    },
  )
  .get("/get-sitemap", async (c) => c.json(await loadSitemapIndex(c.env.DB, c.var.tenant.id)))
  .get("/get-sitemap-products", validate("query", z.object({ file: z.coerce.number().int().min(1).max(1000) })), async (c) => {
    return c.json(await loadSitemapProducts(c.env.DB, c.var.tenant.id, c.req.valid("query").file));
  });
