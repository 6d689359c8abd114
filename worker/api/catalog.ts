import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  isFiltered,
  type ListingQuery,
  listingQueryParams,
  MAX_PICKED_VALUES,
  parsePicked,
  RATING_THRESHOLDS,
  SORTS,
} from "../../commerce/catalogue-filters";
import { MAX_ID } from "../../commerce/ids";
import type { AppEnv } from "../app-env";
import { answerMarked } from "../cache/marked-answer";
import { markedKey, markedValue } from "../cache/marked-cache";
import { loadFilterAttributes } from "../catalog/filter-attributes";
import { type FilteredPage, filteredProducts, type ListingFacets, type ListingScope, loadFacets } from "../catalog/filtered-products";
import { listProducts, type Paging } from "../catalog/list-products";
import { predictivePrefix, predictiveSearch } from "../catalog/predictive-search";
import { loadProduct, loadRating } from "../catalog/product-detail";
import { loadProductReviews } from "../catalog/reviews";
import { searchProducts, searchQueries } from "../catalog/search-products";
import { loadSitemapIndex, loadSitemapProducts } from "../catalog/sitemap";
import { PAGE_TTL_SECONDS } from "../page-cache/page-cache";
import { findCategory } from "../store-data/category";
import type { Category } from "../store-data/store-data";
import { ApiError } from "./errors";
import { pagingQuery, slugOrId, toPaging } from "./paging";
import { validate } from "./validate";

const notFound = (what: string) => new ApiError(404, "not_found", `There is no such ${what} in this store.`);

/*
 * Catalogue answers are kept per isolate by the products marker (worker/cache/marked-cache.ts); only values that exist
 * are kept. Categories (few per store) are also kept in KV; listing pages and products have a key per page or product
 * and keep only the bounded isolate copy, a category's filtered pages one per filter and order as well (decision 052).
 * Search by free text is not kept: its keys have no bound.
 */

/** The markers of answers with amounts: those are written with the store's decimal places, a setting. */
const PRICED = ["products", "settings"] as const;

type Call = Context<AppEnv>;

function category(c: Call, slug: string) {
  const key = markedKey(c.var.tenant, "category", ["products"], [slug]);
  return markedValue(c.env, c.executionCtx, key, "isolate+kv", () => findCategory(c.env.DB, c.var.tenant.id, slug));
}

/** How long an unfiltered category's counts beside its filters are kept: as long as the page cache keeps its page. */
const FACETS_LIFE_MS = PAGE_TTL_SECONDS * 1000;

type SearchAnswer = Omit<FilteredPage, "facets"> & { facets: ListingFacets | null };

const price = z.coerce.number().finite().min(0).max(1e9).optional();

/** Filters and order of a category's or a search's products (commerce/catalogue-filters.ts; decision 052). */
const listingQuery = {
  sort: z.enum(SORTS).default("relevance"),
  min_price: price,
  max_price: price,
  rating: z.coerce
    .number()
    .int()
    .refine((n) => (RATING_THRESHOLDS as readonly number[]).includes(n), `must be one of ${RATING_THRESHOLDS.join(", ")}`)
    .optional(),
  available: z.enum(["0", "1"]).default("0"),
  /** `key:value`, repeatable: values of one attribute widen the list, different attributes narrow it. */
  filter: z
    .union([z.string(), z.array(z.string())])
    .default([])
    .transform((given, ctx) => {
      const texts = [...new Set(typeof given === "string" ? [given] : given)];
      if (texts.length > MAX_PICKED_VALUES) ctx.addIssue({ code: "custom", message: `at most ${MAX_PICKED_VALUES} values` });
      return texts.flatMap((text) => {
        const picked = parsePicked(text);
        if (!picked) ctx.addIssue({ code: "custom", message: `${JSON.stringify(text)} must be key:value` });
        return picked ? [picked] : [];
      });
    }),
};

function toListingQuery(query: z.output<z.ZodObject<typeof listingQuery>>): ListingQuery {
  return {
    sort: query.sort,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    rating: query.rating,
    available: query.available === "1",
    values: query.filter,
  };
}

function filterAttributes(c: Call) {
  const key = markedKey(c.var.tenant, "filter-attributes", ["products"], []);
  return markedValue(c.env, c.executionCtx, key, "isolate+kv", () => loadFilterAttributes(c.env.DB, c.var.tenant.id));
}

/** The listing context of a call: its store's filters, checked against what the query picked. */
async function listingContext(c: Call, scope: ListingScope, query: ListingQuery) {
  const attributes = (await filterAttributes(c)).value;
  for (const picked of query.values) {
    const attribute = attributes.find((a) => a.key === picked.key);
    if (!attribute?.values.includes(picked.value)) {
      throw new ApiError(400, "invalid_input", `filter: this store has no filter value ${JSON.stringify(`${picked.key}:${picked.value}`)}`);
    }
  }
  return { tenant: c.var.tenant, branchId: c.var.branchId, scope, query, attributes: [...attributes] };
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
  .get("/get-category-products", validate("query", z.object({ slug: slugOrId, ...pagingQuery, ...listingQuery })), async (c) => {
    const query = c.req.valid("query");
    const found = await category(c, query.slug);
    if (!found) throw notFound("category");
    const paging = toPaging(query);
    const listed = toListingQuery(query);
    const context = await listingContext(c, { categoryId: found.value.id }, listed);
    // Kept per isolate like the unfiltered list, the counts for at most a minute: ratings move them without a marker,
    // as the page cache bounds them (decision 035).
    const minute = Math.floor(Date.now() / FACETS_LIFE_MS);
    if (isFiltered(listed) || listed.sort !== "relevance") {
      const query = listingQueryParams(listed).map(([name, value]) => `${name}=${value}`);
      const key = markedKey(c.var.tenant, "category-filtered", PRICED, [
        `b${c.var.branchId}`,
        `c${found.value.id}`,
        minute,
        paging.page,
        paging.perPage,
        ...query,
      ]);
      return answerMarked(c, await markedValue(c.env, c.executionCtx, key, "isolate", () => filteredProducts(c.env.DB, context, paging)));
    }
    const facetsKey = markedKey(c.var.tenant, "category-facets", ["products"], [`b${c.var.branchId}`, `c${found.value.id}`, minute]);
    const [page, facets] = await Promise.all([
      listing(c, paging, found.value),
      markedValue(c.env, c.executionCtx, facetsKey, "isolate", () => loadFacets(c.env.DB, context)),
    ]);
    return c.json({ ...page.value, total_is_lower_bound: false, facets: facets.value });
  })
  .get("/get-product", validate("query", z.object({ slug: slugOrId })), async (c) => {
    const { tenant, branchId } = c.var;
    const slug = c.req.valid("query").slug;
    const key = markedKey(tenant, "product", PRICED, [`b${branchId}`, slug]);
    const product = await markedValue(c.env, c.executionCtx, key, "isolate", () => loadProduct(c.env.DB, tenant, branchId, slug));
    if (!product) throw notFound("product");
    return c.json({ ...product.value, rating: await loadRating(c.env.DB, tenant.id, product.value.id) });
  })
  .get(
    "/search-products",
    validate("query", z.object({ q: z.string().trim().min(1).max(100), ...pagingQuery, ...listingQuery })),
    async (c) => {
      const query = c.req.valid("query");
      const paging = toPaging(query);
      const listed = toListingQuery(query);
      const queries = searchQueries(c.var.tenant.id, query.q);
      let answer: SearchAnswer;
      if (queries === null) {
        // Nothing to search for (only punctuation): no results, and nothing to filter.
        answer = { ...(await searchProducts(c.env.DB, c.var.tenant, c.var.branchId, query.q, paging)), facets: null };
      } else {
        const context = await listingContext(c, { search: queries }, listed);
        if (isFiltered(listed) || listed.sort !== "relevance") answer = await filteredProducts(c.env.DB, context, paging);
        else {
          const [page, facets] = await Promise.all([
            searchProducts(c.env.DB, c.var.tenant, c.var.branchId, query.q, paging),
            loadFacets(c.env.DB, context),
          ]);
          answer = { ...page, facets };
        }
      }
      return c.json(answer);
    },
  )
  .get("/predictive-search", validate("query", z.object({ q: z.string().trim().min(1).max(100) })), async (c) => {
    // Answers while a shopper types, per store, branch and prefix, kept by the markers of the prices and products they
    // show (bounded by the isolate cache's size: a prefix is short, and most shoppers type the same few).
    const { tenant, branchId } = c.var;
    const prefix = predictivePrefix(c.req.valid("query").q);
    const key = markedKey(tenant, "predictive", PRICED, [`b${branchId}`, prefix]);
    const answer = await markedValue(c.env, c.executionCtx, key, "isolate", () => predictiveSearch(c.env.DB, tenant, branchId, prefix));
    return answerMarked(c, answer);
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
