import { PRODUCT_CARD_COLUMNS, type ProductCard, type ProductCardRow, toProductCard } from "./product-card";

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** One page of the store's products in listing order. Both queries walk the (tenant_id, position, id) index. */
export async function listProducts(
  db: D1Database,
  tenant: { id: number; decimalPlaces: number },
  page: number,
  perPage: number,
): Promise<Page<ProductCard>> {
  const [items, count] = await db.batch<ProductCardRow | { total: number }>([
    db
      .prepare(`SELECT ${PRODUCT_CARD_COLUMNS} FROM products p WHERE p.tenant_id = ? ORDER BY p.position, p.id LIMIT ? OFFSET ?`)
      .bind(tenant.id, perPage, (page - 1) * perPage),
    db.prepare("SELECT COUNT(*) AS total FROM products WHERE tenant_id = ?").bind(tenant.id),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    data: ((items?.results ?? []) as ProductCardRow[]).map((row) => toProductCard(row, tenant.decimalPlaces)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
