import { namedBatch, step } from "../db/batch";
import { placeholders, totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import { soldAtBranch } from "./branch-availability";
import { type ProductCard, type ProductCardRow, productCardColumns, toProductCard } from "./product-card";

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
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  paging: Paging,
  categoryId?: number,
): Promise<Page<ProductCard>> {
  const at = placeholders("tenant", "branch", "category", "limit", "offset");
  const byCategory = categoryId === undefined ? "" : ` AND p.category_id = ${at.category}`;
  const where = `p.tenant_id = ${at.tenant}${byCategory} AND ${soldAtBranch(at.branch)}`;
  // D1 binds as many values as the highest placeholder a statement names: the count names the category only when used.
  const filter = categoryId === undefined ? [tenant.id, branchId] : [tenant.id, branchId, categoryId];
  const ran = await namedBatch(db, {
    page: step<ProductCardRow>(
      db
        .prepare(
          `SELECT ${productCardColumns(at.branch)} FROM products p WHERE ${where} ORDER BY p.position, p.id LIMIT ${at.limit} OFFSET ${at.offset}`,
        )
        .bind(tenant.id, branchId, categoryId ?? null, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
    total: step<{ total: number }>(db.prepare(`SELECT COUNT(*) AS total FROM products p WHERE ${where}`).bind(...filter)),
  });
  const total = totalOf(ran.total);
  const rows = ran.page.results;
  return toPage(
    rows.map((row) => toProductCard(row, tenant.settings)),
    total,
    paging,
  );
}
