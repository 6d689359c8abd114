import { Hono } from "hono";
import { z } from "zod";
import { MAX_ID } from "../../commerce/ids";
import { findCategory } from "../catalog/category";
import { listProducts } from "../catalog/list-products";
import { loadProduct } from "../catalog/product-detail";
import { loadProductReviews } from "../catalog/reviews";
import { searchProducts } from "../catalog/search-products";
import { loadSitemapIndex, loadSitemapProducts } from "../catalog/sitemap";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { pagingQuery, slugOrId, toPaging } from "./paging";
import { validate } from "./validate";

const notFound = (what: string) => new ApiError(404, "not_found", `There is no such ${what} in this store.`);

/** The catalogue: listings, categories, products, search and reviews. */
export const catalogApi = new Hono<AppEnv>()
  .get("/get-products", validate("query", z.object(pagingQuery)), async (c) => {
    return c.json(await listProducts(c.env.DB, c.var.tenant, c.var.branchId, toPaging(c.req.valid("query"))));
  })
  .get("/get-category", validate("query", z.object({ slug: slugOrId })), async (c) => {
    const category = await findCategory(c.env.DB, c.var.tenant.id, c.req.valid("query").slug);
    if (!category) throw notFound("category");
    return c.json(category);
  })
  .get("/get-category-products", validate("query", z.object({ slug: slugOrId, ...pagingQuery })), async (c) => {
    const query = c.req.valid("query");
    const category = await findCategory(c.env.DB, c.var.tenant.id, query.slug);
    if (!category) throw notFound("category");
    return c.json(await listProducts(c.env.DB, c.var.tenant, c.var.branchId, toPaging(query), category.id));
  })
  .get("/get-product", validate("query", z.object({ slug: slugOrId })), async (c) => {
    const product = await loadProduct(c.env.DB, c.var.tenant, c.var.branchId, c.req.valid("query").slug);
    if (!product) throw notFound("product");
    return c.json(product);
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
