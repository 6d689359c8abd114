import type { OrderStatus } from "../../commerce/order-status";
import { customerOwner } from "../cart/cart-store";
import { type Page, type Paging, toPage } from "../catalog/list-products";

/** An order as the customer's list shows it. The checkout issue adds its figures and lines beside these. */
export interface OrderSummary {
  id: number;
  status: OrderStatus;
  branch_id: number;
  /** Epoch milliseconds. */
  placed_at: number;
}

/** One page of a customer's orders in this store, newest first (index orders_by_owner). */
export async function listCustomerOrders(
  db: D1Database,
  tenantId: number,
  customerId: number,
  paging: Paging,
): Promise<Page<OrderSummary>> {
  const owner = customerOwner(customerId);
  const [rows, count] = await db.batch<OrderSummary | { total: number }>([
    db
      .prepare(
        `SELECT id, status, branch_id, placed_at FROM orders WHERE tenant_id = ?1 AND owner = ?2
         ORDER BY placed_at DESC, id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(tenantId, owner, paging.perPage, (paging.page - 1) * paging.perPage),
    db.prepare("SELECT COUNT(*) AS total FROM orders WHERE tenant_id = ?1 AND owner = ?2").bind(tenantId, owner),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return toPage((rows?.results ?? []) as OrderSummary[], total, paging);
}
