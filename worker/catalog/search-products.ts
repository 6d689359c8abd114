import { type Page, type Paging, toPage } from "./list-products";
import { PRODUCT_CARD_COLUMNS, type ProductCard, type ProductCardRow, toProductCard } from "./product-card";

/** More words than this add little to a shop search and only cost index lookups. */
const MAX_WORDS = 8;

/**
 * The FTS5 query for what a shopper typed: every word must match the start of a word in the name or the
 * description. Each word is quoted, so FTS syntax in the input (NEAR, *, quotes, column filters) is taken
 * as text. Null when the input has no letters or digits to search for.
 */
export function searchQuery(tenantId: number, text: string): string | null {
  const words = text
    .normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS);
  if (!words) return null;
  const terms = words.map((word) => `"${word}"*`).join(" ");
  return `{tenant} : "t${tenantId}" AND {name description} : (${terms})`;
}

/** Products matching the words, best match first (a hit in the name counts ten times one in the description). */
export async function searchProducts(
  db: D1Database,
  tenant: { id: number; decimalPlaces: number },
  text: string,
  paging: Paging,
): Promise<Page<ProductCard>> {
  const query = searchQuery(tenant.id, text);
  if (query === null) return toPage([], 0, paging);
  const [items, count] = await db.batch<ProductCardRow | { total: number }>([
    db
      .prepare(
        `SELECT ${PRODUCT_CARD_COLUMNS}
         FROM products_search s JOIN products p ON p.rowid = s.rowid AND p.tenant_id = ?
         WHERE products_search MATCH ?
         ORDER BY bm25(products_search, 0.0, 10.0, 1.0), p.position, p.id
         LIMIT ? OFFSET ?`,
      )
      .bind(tenant.id, query, paging.perPage, (paging.page - 1) * paging.perPage),
    db.prepare("SELECT COUNT(*) AS total FROM products_search WHERE products_search MATCH ?").bind(query),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return toPage(
    ((items?.results ?? []) as ProductCardRow[]).map((row) => toProductCard(row, tenant.decimalPlaces)),
    total,
    paging,
  );
}
