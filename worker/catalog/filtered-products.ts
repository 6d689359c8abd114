import { type ListingQuery, type PickedValue, RATING_THRESHOLDS } from "../../commerce/catalogue-filters";
import { namedBatch, type Ran, type Step, step } from "../db/batch";
import { totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import { availableAtBranch } from "./available-at-branch";
import { soldAtBranch } from "./branch-availability";
import type { FilterAttribute } from "./filter-attributes";
import type { Paging } from "./list-products";
import { type ProductCard, type ProductCardRow, productCardColumns, toProductCard } from "./product-card";
import { countedPage, SEARCH_COUNT_CAP, type SearchPage, type SearchQueries } from "./search-products";
import { SqlBinder } from "./sql-binder";

/**
 * Counts stop here, as search's do (worker/catalog/search-products.ts): past it a count says "more", so a filtered list
 * of a 100,000-product category costs about what a 1,000-product one does (docs/benchmark.md).
 */
export const FILTER_COUNT_CAP = 1000;

/** A count beside a filter's value: how many products it would leave with the other filters as they are. */
export interface FacetCount {
  count: number;
  /** There are more than `count` (the counting stopped at FILTER_COUNT_CAP). */
  more: boolean;
}

export interface ListingFacets {
  attributes: { key: string; label: string; values: ({ value: string; selected: boolean } & FacetCount)[] }[];
  ratings: ({ min: number; selected: boolean } & FacetCount)[];
  available: { selected: boolean } & FacetCount;
}

export interface FilteredPage extends SearchPage<ProductCard> {
  facets: ListingFacets;
}

/** The products a listing starts from: one category's, or a search's matches. */
export type ListingScope = { categoryId: number } | { search: SearchQueries };

export interface ListingContext {
  tenant: Pick<Tenant, "id" | "settings">;
  branchId: number;
  scope: ListingScope;
  query: ListingQuery;
  attributes: FilterAttribute[];
}

/**
 * One condition on `products p` per active filter, named so a facet can leave its own out. Each binds its values only
 * when written, so a statement binds no value it does not name (D1 refuses more values than placeholders).
 */
type Conditions = Map<string, (b: SqlBinder) => string>;

/** A price bound in minor units: a shopper's "from 299.5" includes 299.50, "up to 300" includes 300.00. */
function minorBound(amount: number, decimalPlaces: number, side: "min" | "max"): number {
  const scaled = amount * 10 ** decimalPlaces;
  return side === "min" ? Math.ceil(scaled - 1e-6) : Math.floor(scaled + 1e-6);
}

function conditions({ tenant, branchId, query }: ListingContext): Conditions {
  const at: Conditions = new Map();
  const dp = tenant.settings.currency.decimalPlaces;
  const { minPrice, maxPrice, rating } = query;
  // `+p.selling_price`: a price bound is checked on the rows the listing walks, never used to pick an index, or the
  // planner walks the price range and sorts all of it for a page of 12 (docs/decisions/052).
  if (minPrice !== undefined) at.set("price_min", (b) => `+p.selling_price >= ${b.bind(minorBound(minPrice, dp, "min"))}`);
  if (maxPrice !== undefined) at.set("price_max", (b) => `+p.selling_price <= ${b.bind(minorBound(maxPrice, dp, "max"))}`);
  if (rating !== undefined) at.set("rating", (b) => ratedAtLeast(b.bind(rating)));
  if (query.available) at.set("available", (b) => availableAtBranch(b.bind(branchId)));
  const byKey = new Map<string, PickedValue[]>();
  for (const picked of query.values) byKey.set(picked.key, [...(byKey.get(picked.key) ?? []), picked]);
  for (const [key, picked] of byKey) {
    // Values of one attribute widen the list (vegetarian or vegan); different attributes narrow it.
    at.set(
      `attribute:${key}`,
      (b) => `EXISTS (SELECT 1 FROM product_filter_values f WHERE f.tenant_id = p.tenant_id AND f.product_id = p.id
        AND f.attribute_key = ${b.bind(key)} AND f.value IN (${picked.map((v) => b.bind(v.value)).join(", ")}))`,
    );
  }
  return at;
}

const ratedAtLeast = (minParam: string) =>
  `EXISTS (SELECT 1 FROM product_ratings r WHERE r.tenant_id = p.tenant_id AND r.product_id = p.id AND r.average >= ${minParam})`;

/** What every product of the listing is: the store's, in scope, sold at the branch. */
function base(b: SqlBinder, { tenant, branchId, scope }: ListingContext): string {
  const inScope =
    "categoryId" in scope
      ? `p.category_id = ${b.bind(scope.categoryId)}`
      : `p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ${b.bind(scope.search.all)})`;
  return `p.tenant_id = ${b.bind(tenant.id)} AND ${inScope} AND ${soldAtBranch(b.bind(branchId))}`;
}

function where(parts: string[]): string {
  return parts.length > 0 ? parts.join("\n  AND ") : "1";
}

/** The conditions written, but those named in `leave` (a facet's own, or the one its walk starts from). */
function written(b: SqlBinder, all: Conditions, ...leave: string[]): string[] {
  return [...all].filter(([name]) => !leave.includes(name)).map(([, write]) => write(b));
}

function order(b: SqlBinder, { scope, query }: ListingContext): { join: string; by: string } {
  switch (query.sort) {
    case "price_asc":
      return { join: "", by: "p.selling_price, p.id" };
    case "price_desc":
      return { join: "", by: "p.selling_price DESC, p.id DESC" };
    case "newest":
      // Ids are given in the order products are added to the store, so the highest id is the newest.
      return { join: "", by: "p.id DESC" };
    case "rating":
      return {
        join: "LEFT JOIN product_ratings r ON r.tenant_id = p.tenant_id AND r.product_id = p.id",
        by: "COALESCE(r.average, 0) DESC, COALESCE(r.rating_count, 0) DESC, p.position, p.id",
      };
    case "relevance": {
      if ("categoryId" in scope) return { join: "", by: "p.position, p.id" };
      // Search's tiers (every word in the name, some, none), each in listing order, as unfiltered search ranks them.
      const tiers = scope.search.tiers
        .map((text, i) => `WHEN p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH ${b.bind(text)}) THEN ${i}`)
        .join(" ");
      return { join: "", by: `CASE ${tiers} ELSE ${scope.search.tiers.length} END, p.rowid` };
    }
  }
}

/**
 * The product row `p` a count's walk joins (from a filter value's list or the rated products) for its checks. In a
 * category those are its category, price and branch, which the covering index (migrations/0029) answers without
 * reading the product's row; the planner, without statistics, would take the table's own key and read every row,
 * three times slower on a 100,000-product store. A search's walk checks the row id against the matches, which the
 * table's key answers faster (on the 100k bench store the index made the search's counts half as slow again).
 */
const productOf = (scope: ListingScope) => ("categoryId" in scope ? "products p INDEXED BY products_filter_probe" : "products p");

const capped = (from: string, filter: string) =>
  `(SELECT COUNT(*) FROM (SELECT 1 FROM ${from} WHERE ${filter} LIMIT ${FILTER_COUNT_CAP + 1}))`;

/** A count; `cut` when the walk that counted it stopped early, so there may be more whatever it found. */
export const facetCount = (counted: number, cut = false): FacetCount => ({
  count: Math.min(counted, FILTER_COUNT_CAP),
  more: cut || counted > FILTER_COUNT_CAP,
});

/**
 * The products a count may start from when the shopper picked values of an attribute: that attribute's lists (within
 * the category), far shorter than the category. Products carrying two picked values appear twice, so counts over it
 * count distinct products. Null when no attribute is picked.
 */
function pickedDriver(b: SqlBinder, { scope, query, tenant }: ListingContext): { key: string; from: string; where: string } | null {
  const key = query.values[0]?.key;
  if (key === undefined) return null;
  const values = query.values.filter((v) => v.key === key).map((v) => b.bind(v.value));
  const inCategory = "categoryId" in scope ? ` AND d.category_id = ${b.bind(scope.categoryId)}` : "";
  return {
    key: `attribute:${key}`,
    from: `product_filter_values d CROSS JOIN ${productOf(scope)} ON p.tenant_id = d.tenant_id AND p.id = d.product_id`,
    where: `d.tenant_id = ${b.bind(tenant.id)} AND d.attribute_key = ${b.bind(key)} AND d.value IN (${values.join(", ")})${inCategory}`,
  };
}

/**
 * The products the counts may walk once, far fewer than a value's lists across the category or store: the picked
 * attribute's lists (that filter is then the walk's own, `leave`), else a search's matches, up to SEARCH_COUNT_CAP of
 * them. Null for a category with no attribute picked: its counts each start from their own shortest list.
 */
interface Walk {
  from: string;
  where: string;
  leave: string[];
  /** The placeholder of the walk's bound, when it has one. */
  limit?: string;
}

function walkOf(b: SqlBinder, context: ListingContext): Walk | null {
  const driver = pickedDriver(b, context);
  if (driver) return { from: driver.from, where: `${driver.where} AND ${base(b, context)}`, leave: [driver.key] };
  if ("search" in context.scope) {
    // From the index's matches, each looked up by row id, so the walk stops at its bound: `rowid IN (SELECT … MATCH …)`
    // would gather every match first. As far as the search counts without filters (search-listing.ts).
    const { tenant, branchId, scope } = context;
    return {
      from: "products_search CROSS JOIN products p ON p.rowid = products_search.rowid",
      where: `products_search MATCH ${b.bind(scope.search.all)} AND p.tenant_id = ${b.bind(tenant.id)} AND ${soldAtBranch(b.bind(branchId))}`,
      leave: [],
      limit: b.bind(SEARCH_COUNT_CAP),
    };
  }
  return null;
}

/** The walk's LIMIT clause, if it has a bound. */
const walkLimit = (walk: Walk) => (walk.limit ? ` LIMIT ${walk.limit}` : "");

/** SQL true when the walk stopped at its bound (`walked`: how many it walked), so every count may be more. */
const walkCut = (walk: Walk, walked: string) => (walk.limit ? `${walked} >= ${walk.limit}` : "0");

/** One filter value's count; `cut` when the walk that counted it stopped early. */
interface ValueCountRow {
  value: string;
  counted: number;
  cut?: number;
}

/**
 * The statements counting every filter value of the listing as the other active filters leave it: one per filter
 * attribute, in the context's order (`attributes`), then the ratings' and the availability's (`summary`). Read by
 * `readFacets`.
 */
function facetSteps(db: D1Database, context: ListingContext) {
  const { scope, attributes } = context;
  const all = conditions(context);
  const statements: D1PreparedStatement[] = [];
  for (const attribute of attributes) {
    const b = new SqlBinder();
    const key = `attribute:${attribute.key}`;
    const walk = walkOf(b, context);
    if (walk && !walk.leave.includes(key)) {
      // One walk over the products, grouped by this attribute's values.
      const others = where([walk.where, ...written(b, all, key, ...walk.leave)]);
      statements.push(
        db
          .prepare(
            `WITH walk AS (SELECT DISTINCT p.id FROM ${walk.from} WHERE ${others}${walkLimit(walk)}),
             n AS (SELECT x.value, COUNT(*) AS counted FROM walk w CROSS JOIN product_filter_values x
               ON x.tenant_id = ${b.bind(context.tenant.id)} AND x.product_id = w.id AND x.attribute_key = ${b.bind(attribute.key)}
               GROUP BY x.value)
             SELECT fv.value, COALESCE(n.counted, 0) AS counted, ${walkCut(walk, "(SELECT COUNT(*) FROM walk)")} AS cut
             FROM filter_values fv LEFT JOIN n ON n.value = fv.value
             WHERE fv.tenant_id = ${b.bind(context.tenant.id)} AND fv.attribute_key = ${b.bind(attribute.key)} ORDER BY fv.position`,
          )
          .bind(...b.values),
      );
      continue;
    }
    // Per value, the count with every other filter applied, starting from the value's products and stopping at the cap.
    const inCategory = "categoryId" in scope ? ` AND v.category_id = ${b.bind(scope.categoryId)}` : "";
    const others = where([base(b, context), ...written(b, all, `attribute:${attribute.key}`)]);
    const from = `product_filter_values v CROSS JOIN ${productOf(scope)} ON p.tenant_id = v.tenant_id AND p.id = v.product_id`;
    const counted = `v.tenant_id = fv.tenant_id AND v.attribute_key = fv.attribute_key AND v.value = fv.value${inCategory} AND ${others}`;
    statements.push(
      db
        .prepare(
          `SELECT fv.value, ${capped(from, counted)} AS counted FROM filter_values fv
           WHERE fv.tenant_id = ${b.bind(context.tenant.id)} AND fv.attribute_key = ${b.bind(attribute.key)} ORDER BY fv.position`,
        )
        .bind(...b.values),
    );
  }
  return { attributes: statements.map((statement) => step<ValueCountRow>(statement)), summary: summaryStep(db, context, all) };
}

/** The summary's row: `rated_<min>` per rating threshold, `available`, and `cut` when its walk stopped early. */
type SummaryRow = Record<string, number>;

/** The rating thresholds' and the availability's counts, as one row. */
function summaryStep(db: D1Database, context: ListingContext, all: Conditions): Step<SummaryRow> {
  const b = new SqlBinder();
  const lowest = RATING_THRESHOLDS[RATING_THRESHOLDS.length - 1]!;
  const ratingCounts = (column: string) => RATING_THRESHOLDS.map((min) => `COALESCE(SUM(${column} >= ${b.bind(min)}), 0) AS rated_${min}`);
  const walk = walkOf(b, context);
  if (walk) {
    // Each product of the walk once, with its average (if rated) and whether it is available.
    const rows = `SELECT DISTINCT p.id, r.average,
        (${where(written(b, all, "rating", ...walk.leave))}) AS rating_ok,
        (${where([...written(b, all, "available", ...walk.leave), availableAtBranch(b.bind(context.branchId))])}) AS available_ok
      FROM ${walk.from} LEFT JOIN product_ratings r ON r.tenant_id = p.tenant_id AND r.product_id = p.id
      WHERE ${walk.where}${walkLimit(walk)}`;
    const counts = ratingCounts("CASE WHEN rating_ok THEN average END");
    return step(
      db
        .prepare(
          `SELECT ${counts.join(", ")}, COALESCE(SUM(available_ok), 0) AS available, ${walkCut(walk, "COUNT(*)")} AS cut FROM (${rows})`,
        )
        .bind(...b.values),
    );
  }
  // One walk down the rated products, best first, for every threshold: the first FILTER_COUNT_CAP + 1 matches hold all
  // of a threshold's products whenever there are no more than the cap of them, so each count is exact up to the cap.
  const ratingOthers = where([base(b, context), ...written(b, all, "rating")]);
  const rated = `SELECT r.average FROM product_ratings r CROSS JOIN ${productOf(context.scope)} ON p.tenant_id = r.tenant_id AND p.id = r.product_id
    WHERE r.tenant_id = ${b.bind(context.tenant.id)} AND r.average >= ${b.bind(lowest)} AND ${ratingOthers}
    ORDER BY r.average DESC LIMIT ${b.bind(FILTER_COUNT_CAP + 1)}`;
  const availableOthers = where([base(b, context), ...written(b, all, "available"), availableAtBranch(b.bind(context.branchId))]);
  const availableCount = capped("products p", availableOthers);
  return step(db.prepare(`SELECT ${ratingCounts("average").join(", ")}, ${availableCount} AS available FROM (${rated})`).bind(...b.values));
}

function readFacets(ran: Ran<ReturnType<typeof facetSteps>>, { query, attributes }: ListingContext): ListingFacets {
  const picked = new Set(query.values.map((v) => `${v.key}:${v.value}`));
  const summary = ran.summary.results[0] ?? {};
  return {
    attributes: attributes.map((attribute, i) => ({
      key: attribute.key,
      label: attribute.label,
      values: (ran.attributes[i]?.results ?? []).map((row) => ({
        value: row.value,
        selected: picked.has(`${attribute.key}:${row.value}`),
        ...facetCount(row.counted, row.cut === 1),
      })),
    })),
    ratings: RATING_THRESHOLDS.map((min) => ({
      min,
      selected: query.rating === min,
      ...facetCount(summary[`rated_${min}`] ?? 0, summary.cut === 1),
    })),
    available: { selected: query.available, ...facetCount(summary.available ?? 0, summary.cut === 1) },
  };
}

/** The counts beside every filter value of a listing, for a listing read some other way (the unfiltered category). */
export async function loadFacets(db: D1Database, context: ListingContext): Promise<ListingFacets> {
  return readFacets(await namedBatch(db, facetSteps(db, context)), context);
}

/**
 * One page of a category's or a search's products narrowed by the query's filters and in its order, with the count
 * beside every filter value as the other active filters leave it. Each count starts from the shortest list it can: an
 * attribute value's products (within the category), the rated products, or the listing's own index, and stops at
 * FILTER_COUNT_CAP. One batch.
 */
export async function filteredProducts(db: D1Database, context: ListingContext, paging: Paging): Promise<FilteredPage> {
  const all = conditions(context);
  const b = new SqlBinder();
  const filter = where([base(b, context), ...written(b, all)]);
  const { join, by } = order(b, context);
  const offset = (paging.page - 1) * paging.perPage;
  const countCap = Math.max(FILTER_COUNT_CAP, offset + paging.perPage);
  const c = new SqlBinder();
  // In a category with an attribute picked, its lists are the short way to the matches (a product with two picked
  // values is on two); a search's matches are the shorter list already.
  const driver = "categoryId" in context.scope ? pickedDriver(c, context) : null;
  const totalRows = driver
    ? `SELECT DISTINCT p.id FROM ${driver.from} WHERE ${where([driver.where, base(c, context), ...written(c, all, driver.key)])}`
    : `SELECT 1 FROM products p WHERE ${where([base(c, context), ...written(c, all)])}`;
  const ran = await namedBatch(db, {
    page: step<ProductCardRow>(
      db
        .prepare(
          `SELECT ${productCardColumns(b.bind(context.branchId))} FROM products p ${join} WHERE ${filter}
           ORDER BY ${by} LIMIT ${b.bind(paging.perPage)} OFFSET ${b.bind(offset)}`,
        )
        .bind(...b.values),
    ),
    total: step<{ total: number }>(
      db.prepare(`SELECT COUNT(*) AS total FROM (${totalRows} LIMIT ${c.bind(countCap + 1)})`).bind(...c.values),
    ),
    facets: facetSteps(db, context),
  });
  const cards = ran.page.results.map((row) => toProductCard(row, context.tenant.settings));
  return { ...countedPage(cards, totalOf(ran.total), countCap, paging), facets: readFacets(ran.facets, context) };
}
