import { Hono } from "hono";
import {
  isFiltered,
  type ListingQuery,
  listingQueryParams,
  MAX_PICKED_VALUES,
  parsePicked,
  RATING_THRESHOLDS,
  SORTS,
} from "../../commerce/catalogue-filters";
import { issueId, message } from "../../commerce/i18n/message";
import { MAX_ID } from "../../commerce/ids";
import { addIssue } from "../../commerce/transform-issue";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { answerMarked } from "../cache/marked-answer";
import { type Marked, markedKey, markedValue } from "../cache/marked-cache";
import { loadFilterAttributes } from "../catalog/filter-attributes";
import { type FilteredPage, filteredProducts, type ListingFacets, type ListingScope, loadFacets } from "../catalog/filtered-products";
import { listProducts, type Page, type Paging } from "../catalog/list-products";
import { predictivePrefix, predictiveSearch } from "../catalog/predictive-search";
import type { ProductCard } from "../catalog/product-card";
import { loadProduct, loadRating } from "../catalog/product-detail";
import { loadProductReviews } from "../catalog/reviews";
import { searchListing } from "../catalog/search-listing";
import { searchProducts, searchQueries } from "../catalog/search-products";
import { loadSitemapIndex, loadSitemapProducts } from "../catalog/sitemap";
import { ApiError } from "../http/errors";
import { PAGE_TTL_SECONDS } from "../page-cache/page-cache";
import { findCategory } from "../store-data/category";
import type { Category } from "../store-data/store-data";
import { type OriginContext, originContextOf } from "./origin-context";
import { pagingQuery, slugOrId, toPaging } from "./paging";
import { validate } from "./validate";

const NOT_FOUND = { category: message("errors.no_such_category"), product: message("errors.no_such_product") };
const notFound = (what: keyof typeof NOT_FOUND) => new ApiError(404, "not_found", NOT_FOUND[what]);

/*
 * Catalogue answers are kept per isolate by the products marker (worker/cache/marked-cache.ts); only values that exist
 * are kept. Categories (few per store) are also kept in KV; listing pages and products have a key per page or product
 * and keep only the bounded isolate copy, a category's filtered pages one per filter and order as well (decision 052).
 * Search by free text is not kept: its keys have no bound.
 */

/** The markers of answers with amounts: those are written with the store's decimal places, a setting. */
const PRICED = ["products", "settings"] as const;

/** The store's category by slug or id, kept in both tiers: a store has few. */
function cachedCategory(o: OriginContext, slug: string) {
  const key = markedKey(o.tenant, "category", ["products"], [slug]);
  return markedValue(o.env, o.ctx, key, "isolate+kv", () => findCategory(o.env.DB, o.tenant.id, slug));
}

/** How long an unfiltered category's counts beside its filters are kept: as long as the page cache keeps its page. */
const FACETS_LIFE_MS = PAGE_TTL_SECONDS * 1000;

type SearchAnswer = Omit<FilteredPage, "facets"> & { facets: ListingFacets | null };

const price = z.optional(z.coerce.number().check(z.gte(0), z.lte(1e9)));

/** Filters and order of a category's or a search's products (commerce/catalogue-filters.ts; decision 052). */
const listingQuery = {
  sort: z._default(z.enum(SORTS), "relevance"),
  min_price: price,
  max_price: price,
  rating: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => (RATING_THRESHOLDS as readonly number[]).includes(n), {
        message: issueId("errors.rating_threshold"),
        params: { choices: RATING_THRESHOLDS.join(", ") },
      }),
    ),
  ),
  available: z._default(z.enum(["0", "1"]), "0"),
  /** `key:value`, repeatable: values of one attribute widen the list, different attributes narrow it. */
  filter: z.pipe(
    z._default(z.union([z.string(), z.array(z.string())]), []),
    z.transform((given, ctx) => {
      const texts = [...new Set(typeof given === "string" ? [given] : given)];
      if (texts.length > MAX_PICKED_VALUES)
        addIssue(ctx, { message: issueId("errors.filter_too_many_values"), params: { max: MAX_PICKED_VALUES } });
      return texts.flatMap((text) => {
        const picked = parsePicked(text);
        if (!picked) addIssue(ctx, { message: issueId("errors.filter_not_key_value"), params: { value: JSON.stringify(text) } });
        return picked ? [picked] : [];
      });
    }),
  ),
};

export const productsQuery = z.object(pagingQuery);
/** A category's or a product's slug (or id). */
export const slugQuery = z.object({ slug: slugOrId });
export const categoryProductsQuery = z.object({ slug: slugOrId, ...pagingQuery, ...listingQuery });
/** What a shopper types into the search box. */
const searchText = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const searchQuery = z.object({ q: searchText, ...pagingQuery, ...listingQuery });
export const reviewsQuery = z.object({ product_id: z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_ID)), ...pagingQuery });
export const sitemapProductsQuery = z.object({ file: z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)) });

function toListingQuery(query: z.output<z.ZodMiniObject<typeof listingQuery>>): ListingQuery {
  return {
    sort: query.sort,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    rating: query.rating,
    available: query.available === "1",
    values: query.filter,
  };
}

function filterAttributes(o: OriginContext) {
  const key = markedKey(o.tenant, "filter-attributes", ["products"], []);
  return markedValue(o.env, o.ctx, key, "isolate+kv", () => loadFilterAttributes(o.env.DB, o.tenant.id));
}

/** The listing context of a call: its store's filters, checked against what the query picked. */
async function listingContext<Scope extends ListingScope>(o: OriginContext, scope: Scope, query: ListingQuery) {
  const attributes = (await filterAttributes(o)).value;
  for (const picked of query.values) {
    const attribute = attributes.find((a) => a.key === picked.key);
    if (!attribute?.values.includes(picked.value)) {
      const value = JSON.stringify(`${picked.key}:${picked.value}`);
      throw new ApiError(400, "invalid_input", message("errors.unknown_filter_value", { value }));
    }
  }
  return { tenant: o.tenant, branchId: o.branchId, scope, query, attributes: [...attributes] };
}

/** One listing page the branch sells, the store's or one category's. */
function listing(o: OriginContext, paging: Paging, of?: Category) {
  const { tenant, branchId } = o;
  const key = markedKey(tenant, "products", PRICED, [`b${branchId}`, of ? `c${of.id}` : "all", paging.page, paging.perPage]);
  return markedValue(o.env, o.ctx, key, "isolate", () => listProducts(o.env.DB, tenant, branchId, paging, of?.id));
}

/** GET /api/get-products: one page of what the branch sells, as kept. */
export function productsOf(o: OriginContext, query: z.output<typeof productsQuery>) {
  return listing(o, toPaging(query));
}

/** GET /api/get-category: the category, as kept; an unknown one is a 404. */
export async function categoryOf(o: OriginContext, query: z.output<typeof slugQuery>) {
  const found = await cachedCategory(o, query.slug);
  if (!found) throw notFound("category");
  return found;
}

/** A category's products, the branch's unfiltered page with the counts beside its filters. */
type CategoryPage = Page<ProductCard> & { total_is_lower_bound: false; facets: ListingFacets };

/**
 * GET /api/get-category-products: a filtered or ordered page as kept (its JSON text answered as it is), or the
 * unfiltered page made here from the kept list and counts.
 */
export async function categoryProductsOf(
  o: OriginContext,
  query: z.output<typeof categoryProductsQuery>,
): Promise<{ kept: Marked<FilteredPage> } | { made: CategoryPage }> {
  const found = await categoryOf(o, query);
  const paging = toPaging(query);
  const listed = toListingQuery(query);
  const context = await listingContext(o, { categoryId: found.value.id }, listed);
  // Kept per isolate like the unfiltered list, the counts for at most a minute: ratings move them without a marker,
  // as the page cache bounds them (decision 035).
  const minute = Math.floor(Date.now() / FACETS_LIFE_MS);
  if (isFiltered(listed) || listed.sort !== "relevance") {
    const query = listingQueryParams(listed).map(([name, value]) => `${name}=${value}`);
    const key = markedKey(o.tenant, "category-filtered", PRICED, [
      `b${o.branchId}`,
      `c${found.value.id}`,
      minute,
      paging.page,
      paging.perPage,
      ...query,
    ]);
    return { kept: await markedValue(o.env, o.ctx, key, "isolate", () => filteredProducts(o.env.DB, context, paging)) };
  }
  const facetsKey = markedKey(o.tenant, "category-facets", ["products"], [`b${o.branchId}`, `c${found.value.id}`, minute]);
  const [page, facets] = await Promise.all([
    listing(o, paging, found.value),
    markedValue(o.env, o.ctx, facetsKey, "isolate", () => loadFacets(o.env.DB, context)),
  ]);
  return { made: { ...page.value, total_is_lower_bound: false, facets: facets.value } };
}

/** GET /api/get-product: the product at the branch with its rating; an unknown one is a 404. */
export async function productOf(o: OriginContext, query: z.output<typeof slugQuery>) {
  const { tenant, branchId } = o;
  const key = markedKey(tenant, "product", PRICED, [`b${branchId}`, query.slug]);
  const product = await markedValue(o.env, o.ctx, key, "isolate", () => loadProduct(o.env.DB, tenant, branchId, query.slug));
  if (!product) throw notFound("product");
  return { ...product.value, rating: await loadRating(o.env.DB, tenant.id, product.value.id) };
}

/** GET /api/search-products: a page of the products matching the text, with the counts beside its filters. */
export async function productSearchOf(o: OriginContext, query: z.output<typeof searchQuery>): Promise<SearchAnswer> {
  const paging = toPaging(query);
  const listed = toListingQuery(query);
  const queries = searchQueries(o.tenant.id, query.q);
  // Nothing to search for (only punctuation): no results, and nothing to filter.
  if (queries === null) return { ...(await searchProducts(o.env.DB, o.tenant, o.branchId, query.q, paging)), facets: null };
  const context = await listingContext(o, { search: queries }, listed);
  if (isFiltered(listed) || listed.sort !== "relevance") return filteredProducts(o.env.DB, context, paging);
  return searchListing(o.env.DB, context, paging);
}

/** GET /api/get-product-reviews: a page of the product's reviews and its rating; an unknown product is a 404. */
export async function reviewsOf(o: OriginContext, query: z.output<typeof reviewsQuery>) {
  const reviews = await loadProductReviews(o.env.DB, o.tenant.id, query.product_id, toPaging(query));
  if (!reviews) throw notFound("product");
  return reviews;
}

/** GET /api/get-sitemap: the store's categories, pages and how many product files. */
export function sitemapOf(o: OriginContext) {
  return loadSitemapIndex(o.env.DB, o.tenant.id);
}

/** GET /api/get-sitemap-products: the product slugs of one sitemap file. */
export function sitemapProductsOf(o: OriginContext, query: z.output<typeof sitemapProductsQuery>) {
  return loadSitemapProducts(o.env.DB, o.tenant.id, query.file);
}

/** The catalogue: listings, categories, products, search and reviews. */
export const catalogApi = new Hono<AppEnv>()
  .get("/get-products", validate("query", productsQuery), async (c) =>
    answerMarked(c, await productsOf(originContextOf(c), c.req.valid("query"))),
  )
  .get("/get-category", validate("query", slugQuery), async (c) =>
    answerMarked(c, await categoryOf(originContextOf(c), c.req.valid("query"))),
  )
  .get("/get-category-products", validate("query", categoryProductsQuery), async (c) => {
    const answer = await categoryProductsOf(originContextOf(c), c.req.valid("query"));
    return "kept" in answer ? answerMarked(c, answer.kept) : c.json(answer.made);
  })
  .get("/get-product", validate("query", slugQuery), async (c) => c.json(await productOf(originContextOf(c), c.req.valid("query"))))
  .get("/search-products", validate("query", searchQuery), async (c) =>
    c.json(await productSearchOf(originContextOf(c), c.req.valid("query"))),
  )
  .get("/predictive-search", validate("query", z.object({ q: searchText })), async (c) => {
    // Answers while a shopper types, per store, branch and prefix, kept by the markers of the prices and products they
    // show (bounded by the isolate cache's size: a prefix is short, and most shoppers type the same few).
    const { tenant, branchId } = c.var;
    const prefix = predictivePrefix(c.req.valid("query").q);
    const key = markedKey(tenant, "predictive", PRICED, [`b${branchId}`, prefix]);
    const answer = await markedValue(c.env, c.executionCtx, key, "isolate", () => predictiveSearch(c.env.DB, tenant, branchId, prefix));
    return answerMarked(c, answer);
  })
  .get("/get-product-reviews", validate("query", reviewsQuery), async (c) =>
    c.json(await reviewsOf(originContextOf(c), c.req.valid("query"))),
  )
  .get("/get-sitemap", async (c) => c.json(await sitemapOf(originContextOf(c))))
  .get("/get-sitemap-products", validate("query", sitemapProductsQuery), async (c) =>
    c.json(await sitemapProductsOf(originContextOf(c), c.req.valid("query"))),
  );
