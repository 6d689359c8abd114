import { soldAtBranch } from "../catalog/branch-availability";
import { type ProductCard, type ProductCardRow, productCardColumns, toProductCard } from "../catalog/product-card";
import { namedBatch, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import { type CartScope, cartProductIds, SCOPE_FIRST } from "./cart-store";

/** How many products GET /api/get-cart-recommended-products answers at most. */
export const RECOMMENDED_LIMIT = 8;

/**
 * Products the branch sells to suggest beside a cart: first the products of the cart's categories that are not in
 * the cart, in listing order (position, id), then other products not in the cart in listing order, up to
 * RECOMMENDED_LIMIT.
 * Without a shopper (or with an empty cart) that is simply the store's first products. One batch of two queries,
 * walking products_by_category (tenant_id, category_id, position, id) and products_listing (tenant_id, position, id).
 */
export async function recommendedProducts(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  scope: CartScope | null,
): Promise<ProductCard[]> {
  let rows: ProductCardRow[];
  if (scope === null) {
    const result = await db
      .prepare(
        `SELECT ${productCardColumns("?2")} FROM products p WHERE p.tenant_id = ?1 AND ${soldAtBranch("?2")} ORDER BY p.position, p.id LIMIT ?3`,
      )
      .bind(tenant.id, branchId, RECOMMENDED_LIMIT)
      .all<ProductCardRow>();
    rows = result.results;
  } else {
    const params = [scope.tenantId, scope.branchId, scope.owner];
    const ran = await namedBatch(db, {
      related: step<ProductCardRow>(
        db
          .prepare(
            `SELECT ${productCardColumns("?2")} FROM products p
             WHERE p.tenant_id = ?1 AND p.category_id IN (
               SELECT category_id FROM products WHERE tenant_id = ?1 AND id IN (${cartProductIds(SCOPE_FIRST)}) AND category_id IS NOT NULL)
             AND p.id NOT IN (${cartProductIds(SCOPE_FIRST)}) AND ${soldAtBranch("?2")}
             ORDER BY p.position, p.id LIMIT ?4`,
          )
          .bind(...params, RECOMMENDED_LIMIT),
      ),
      // Enough to fill the list whatever the first query found.
      others: step<ProductCardRow>(
        db
          .prepare(
            `SELECT ${productCardColumns("?2")} FROM products p WHERE p.tenant_id = ?1 AND p.id NOT IN (${cartProductIds(SCOPE_FIRST)})
             AND ${soldAtBranch("?2")} ORDER BY p.position, p.id LIMIT ?4`,
          )
          .bind(...params, RECOMMENDED_LIMIT * 2),
      ),
    });
    const seen = new Set<number>();
    rows = [];
    for (const row of [...ran.related.results, ...ran.others.results]) {
      if (rows.length === RECOMMENDED_LIMIT) break;
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows.map((row) => toProductCard(row, tenant.settings));
}
