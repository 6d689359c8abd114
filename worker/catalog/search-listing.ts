import { RATING_THRESHOLDS } from "../../commerce/catalogue-filters";
import { namedBatch, step } from "../db/batch";
import { availableAtBranch } from "./available-at-branch";
import { soldAtBranch } from "./branch-availability";
import { type FilteredPage, facetCount, type ListingContext, type ListingFacets } from "./filtered-products";
import type { Paging } from "./list-products";
import { toProductCard } from "./product-card";
import { countedPage, SEARCH_COUNT_CAP, type SearchQueries, searchSteps } from "./search-products";
import { SqlBinder } from "./sql-binder";

/** The one row of the walk: how far it went, and every count beside the filters from the matches it counted. */
interface WalkRow {
  walked: number;
  /** `[[attribute key, value, count], …]` for each value at least one counted match carries. */
  value_counts: string;
  available: number;
  [rated: `rated_${number}`]: number;
}

/**
 * The statement that walks a search's matches once, in the index's own order, and stops after `cap` + 1 of them: the
 * total and every count beside the filters come from the first `cap`, so a search costs the same however many products
 * it matches past that (docs/decisions/071). The walk starts from products_search and looks each match up by row id;
 * `rowid IN (SELECT … MATCH …)` would gather every match before the first is counted.
 */
function walkStep(db: D1Database, context: ListingContext, search: SearchQueries, cap: number) {
  const b = new SqlBinder();
  const tenant = b.bind(context.tenant.id);
  const branch = b.bind(context.branchId);
  const rated = RATING_THRESHOLDS.map((min) => `COALESCE(SUM(average >= ${b.bind(min)}), 0) AS rated_${min}`);
  const sql = `WITH walk AS MATERIALIZED (
      SELECT p.id, r.average, ${availableAtBranch(branch)} AS available
      FROM products_search CROSS JOIN products p ON p.rowid = products_search.rowid
      LEFT JOIN product_ratings r ON r.tenant_id = p.tenant_id AND r.product_id = p.id
      WHERE products_search MATCH ${b.bind(search.all)} AND p.tenant_id = ${tenant} AND ${soldAtBranch(branch)}
      LIMIT ${b.bind(cap + 1)}),
    counted AS (SELECT * FROM walk LIMIT ${b.bind(cap)}),
    by_value AS (SELECT x.attribute_key, x.value, COUNT(*) AS n FROM counted c CROSS JOIN product_filter_values x
      ON x.tenant_id = ${tenant} AND x.product_id = c.id GROUP BY x.attribute_key, x.value)
    SELECT (SELECT COUNT(*) FROM walk) AS walked,
      (SELECT json_group_array(json_array(attribute_key, value, n)) FROM by_value) AS value_counts,
      ${rated.join(", ")}, COALESCE(SUM(available), 0) AS available
    FROM counted`;
  return step<WalkRow>(db.prepare(sql).bind(...b.values));
}

function facetsOf(row: WalkRow | undefined, cut: boolean, { attributes }: ListingContext): ListingFacets {
  const counts = new Map<string, number>();
  for (const [key, value, n] of JSON.parse(row?.value_counts ?? "[]") as [string, string, number][]) counts.set(`${key}:${value}`, n);
  return {
    attributes: attributes.map((attribute) => ({
      key: attribute.key,
      label: attribute.label,
      values: attribute.values.map((value) => ({
        value,
        selected: false,
        ...facetCount(counts.get(`${attribute.key}:${value}`) ?? 0, cut),
      })),
    })),
    ratings: RATING_THRESHOLDS.map((min) => ({ min, selected: false, ...facetCount(row?.[`rated_${min}`] ?? 0, cut) })),
    available: { selected: false, ...facetCount(row?.available ?? 0, cut) },
  };
}

/**
 * A page of a search with no filters, in search's order (decision 007), with its total and the counts beside its
 * filters from one bounded walk of its matches: exact while the search matches SEARCH_COUNT_CAP products or fewer (or
 * as many as reach the end of the asked page), else lower bounds that say "more". One batch.
 */
export async function searchListing(
  db: D1Database,
  context: ListingContext & { scope: { search: SearchQueries } },
  paging: Paging,
): Promise<FilteredPage> {
  const { tenant, branchId, scope } = context;
  const offset = (paging.page - 1) * paging.perPage;
  const cap = Math.max(SEARCH_COUNT_CAP, offset + paging.perPage);
  const ran = await namedBatch(db, {
    page: searchSteps(db, tenant.id, branchId, scope.search, paging).steps.page,
    walk: walkStep(db, context, scope.search, cap),
  });
  const row = ran.walk.results[0];
  const cards = ran.page.results.map((card) => toProductCard(card, tenant.settings));
  const page = countedPage(cards, row?.walked ?? 0, cap, paging);
  return { ...page, facets: facetsOf(row, page.total_is_lower_bound, context) };
}
