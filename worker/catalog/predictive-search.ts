import { namedBatch, step } from "../db/batch";
import { placeholders } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import { toProductCard } from "./product-card";
import { searchQueries, searchSteps } from "./search-products";

/** How many products and categories the list under a search box shows while the shopper types. */
export const PREDICTIVE_PRODUCTS = 6;
export const PREDICTIVE_CATEGORIES = 4;

export interface PredictiveAnswer {
  /** The text the answer is for, as normalised for its cache key. */
  q: string;
  products: { id: number; name: string; slug: string; image: string | null; selling_price: number; original_price: number | null }[];
  categories: { id: number; name: string; slug: string }[];
}

/**
 * What the shopper has typed, as one key: letters folded (NFKC, lower case) and spaces collapsed, so "Paneer " and
 * "paneer" share a cached answer.
 */
export function predictivePrefix(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, 100);
}

/**
 * The first products the branch sells matching what was typed, ranked as search ranks them (every word a prefix of a
 * word in the name first; decision 007), and the categories whose name or one of its words starts with it. One batch;
 * the search's page statement only, without its count.
 */
export async function predictiveSearch(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  prefix: string,
): Promise<PredictiveAnswer> {
  const queries = searchQueries(tenant.id, prefix);
  if (queries === null) return { q: prefix, products: [], categories: [] };
  const { page } = searchSteps(db, tenant.id, branchId, queries, { page: 1, perPage: PREDICTIVE_PRODUCTS }).steps;
  const at = placeholders("tenant", "prefix", "limit");
  // Compared as text, not as a LIKE pattern: D1 refuses a pattern of more than 50 bytes, and a shopper's `%` or `_` is
  // a letter. lower() folds ASCII only, as LIKE's case-blindness does.
  const categories = db
    .prepare(
      `SELECT id, name, slug FROM categories WHERE tenant_id = ${at.tenant}
       AND (substr(lower(name), 1, length(${at.prefix})) = ${at.prefix} OR instr(lower(name), ' ' || ${at.prefix}) > 0)
       ORDER BY position LIMIT ${at.limit}`,
    )
    .bind(tenant.id, prefix, PREDICTIVE_CATEGORIES);
  const ran = await namedBatch(db, { page, categories: step<{ id: number; name: string; slug: string }>(categories) });
  return {
    q: prefix,
    products: ran.page.results.map((row) => {
      const { id, name, slug, image, selling_price, original_price } = toProductCard(row, tenant.settings);
      return { id, name, slug, image, selling_price, original_price };
    }),
    categories: ran.categories.results,
  };
}
