import { soldAtBranch } from "./branch-availability";
import { PRODUCT_CARD_COLUMNS, type ProductCard, type ProductCardRow, toProductCard } from "./product-card";

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface Paging {
  page: number;
  perPage: number;
}

export function toPage<T>(data: T[], total: number, { page, perPage }: Paging): Page<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * One page of the products the branch sells in listing order, all of them or one category's. Each query walks an
 * index that starts with the filter's columns: (tenant_id, position, id) or (tenant_id, category_id, position, id).
 */
export async function listProducts(
  db: D1Database,
  tenant: { id: number; decimalPlaces: number },
  branchId: number,
  paging: Paging,
  categoryId?: number,
): Promise<Page<ProductCard>> {
  const where = `${categoryId === undefined ? "p.tenant_id = ?" : "p.tenant_id = ? AND p.category_id = ?"} AND ${soldAtBranch("?")}`;
  const filter = categoryId === undefined ? [tenant.id, branchId] : [tenant.id, categoryId, branchId];
  const [items, count] = await db.batch<ProductCardRow | { total: number }>([
    db
      .prepare(`SELECT ${PRODUCT_CARD_COLUMNS} FROM products p WHERE ${where} ORDER BY p.position, p.id LIMIT ? OFFSET ?`)
      .bind(...filter, paging.perPage, (paging.page - 1) * paging.perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM products p WHERE ${where}`).bind(...filter),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  const rows = (items?.results ?? []) as ProductCardRow[];
  return toPage(
    rows.map((row) => toProductCard(row, tenant.decimalPlaces)),
    total,
    paging,
  );
}
