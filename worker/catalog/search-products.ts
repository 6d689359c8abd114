import { namedBatch, step } from "../db/batch";
import { placeholders, totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import { unsoldRowids } from "./branch-availability";
import { type Page, type Paging, toPage } from "./list-products";
import { type ProductCard, type ProductCardRow, productCardColumns, toProductCard } from "./product-card";

/** More words than this add little to a shop search and only cost index lookups. */
const MAX_WORDS = 8;

/**
 * A search counts its matches only this far (or as far as the page asked for, if that is further): past it, `total` is a
 * lower bound, flagged by `total_is_lower_bound`, and so is every count beside its filters, which come from the same
 * walk (worker/catalog/search-listing.ts). Counting is the one part of a search whose cost grows with the number of
 * matches; at 200 the walk of a 100,000-product store's search costs about a millisecond more than a 1,000-product
 * store's (docs/decisions/071).
 */
export const SEARCH_COUNT_CAP = 200;

/** A page of search results. `total` is exact unless `total_is_lower_bound`: then there are more matches than that. */
export interface SearchPage<T> extends Page<T> {
  total_is_lower_bound: boolean;
}

export interface SearchQueries {
  /** Every match: each word matches the start of a word in the name or the description. */
  all: string;
  /**
   * The same matches split into tiers, best first and disjoint: every word in the name; some words in the name (only
   * for more than one word); no word in the name.
   */
  tiers: string[];
}

/**
 * The FTS5 queries for what a shopper typed. Each word is quoted, so FTS syntax in the input (NEAR, *, quotes, column
 * filters) is taken as text. Null when the input has no letters or digits to search for.
 */
export function searchQueries(tenantId: number, text: string): SearchQueries | null {
  const words = text
    .normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS);
  if (!words) return null;
  const terms = words.map((word) => `"${word}"*`);
  const every = `(${terms.join(" ")})`;
  const some = `(${terms.join(" OR ")})`;
  const store = `{tenant} : "t${tenantId}"`;
  const all = `${store} AND {name description} : ${every}`;
  return {
    all,
    tiers: [
      `${store} AND {name} : ${every}`,
      ...(terms.length > 1 ? [`(${all} AND {name} : ${some}) NOT {name} : ${every}`] : []),
      `(${all}) NOT {name} : ${some}`,
    ],
  };
}

/**
 * The page query (`page`) and the capped count (`total`) for one search, run as one batch. Exported for
 * scripts/search-timings.ts. countCap is how far the count goes: a count of countCap + 1 means there are more.
 */
export function searchSteps(db: D1Database, tenantId: number, branchId: number, queries: SearchQueries, paging: Paging) {
  const offset = (paging.page - 1) * paging.perPage;
  const countCap = Math.max(SEARCH_COUNT_CAP, offset + paging.perPage);
  // The tiers' MATCH texts follow the named placeholders: ?5, ?6, …
  const at = placeholders("tenant", "branch", "limit", "offset");
  const unsold = unsoldRowids(at.tenant, at.branch);
  // UNION ALL runs its arms in order and stops once OFFSET + LIMIT rows are out, so a later tier is only read when the
  // earlier ones run out. Products the branch does not sell are left out before the page is cut (the NOT IN list is
  // built once per statement). CROSS JOIN keeps that page as the outer loop: with a plain JOIN the planner may walk the
  // store's products (index on tenant_id) and probe the page for each of them.
  const tiers = queries.tiers
    .map(
      (_, i) =>
        `SELECT ${i} AS tier, rid FROM (SELECT rowid AS rid FROM products_search WHERE products_search MATCH ?${5 + i} AND rowid NOT IN (${unsold}) ORDER BY rowid)`,
    )
    .join("\n           UNION ALL ");
  const page = db
    .prepare(
      `SELECT ${productCardColumns(at.branch)}
       FROM (${tiers}
         LIMIT ${at.limit} OFFSET ${at.offset}) hit
       CROSS JOIN products p ON p.rowid = hit.rid AND p.tenant_id = ${at.tenant}
       ORDER BY hit.tier, hit.rid`,
    )
    .bind(tenantId, branchId, paging.perPage, offset, ...queries.tiers);
  const counting = placeholders("tenant", "branch", "text", "cap");
  const count = db
    .prepare(
      `SELECT COUNT(*) AS total FROM (SELECT 1 FROM products_search
       WHERE products_search MATCH ${counting.text} AND rowid NOT IN (${unsoldRowids(counting.tenant, counting.branch)}) LIMIT ${counting.cap})`,
    )
    .bind(tenantId, branchId, queries.all, countCap + 1);
  return { steps: { page: step<ProductCardRow>(page), total: step<{ total: number }>(count) }, countCap };
}

/**
 * Products the branch sells matching the words: those with every word in the name first, then those with some, then
 * description-only matches; within a tier in catalogue order.
 *
 * Why not bm25(): it scores every match before the first page can be cut, which made search cost grow with the store
 * (docs/decisions/007-search-ranking.md). Each tier is read in rowid order, which FTS5 delivers without sorting, so the
 * page query stops after OFFSET + LIMIT rows and joins only those to products. rowid order is listing order because the
 * importer inserts a store's products in listing order (tests/worker/api-catalog.test.ts checks the order).
 */
export async function searchProducts(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  text: string,
  paging: Paging,
): Promise<SearchPage<ProductCard>> {
  const queries = searchQueries(tenant.id, text);
  if (queries === null) return { ...toPage([], 0, paging), total_is_lower_bound: false };
  const { steps, countCap } = searchSteps(db, tenant.id, branchId, queries, paging);
  const ran = await namedBatch(db, steps);
  return countedPage(
    ran.page.results.map((row) => toProductCard(row, tenant.settings)),
    totalOf(ran.total),
    countCap,
    paging,
  );
}

/**
 * A page whose total was counted only to `countCap` + 1: past the cap the total is the cap, flagged as a lower bound.
 * countCap reaches at least to the end of the asked page, so a count past it means there is a next page.
 */
export function countedPage<T>(data: T[], counted: number, countCap: number, paging: Paging): SearchPage<T> {
  const more = counted > countCap;
  const page = toPage(data, more ? countCap : counted, paging);
  return { ...page, last_page: more ? Math.max(page.last_page, paging.page + 1) : page.last_page, total_is_lower_bound: more };
}
