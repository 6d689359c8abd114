import type { OrderStatus, PaymentStatus } from "../../commerce/order-status";

/** What the order actions read of an order before they move it (the full answer is order-read's). */
export interface OrderState {
  id: number;
  public_id: string;
  owner: string;
  number: string;
  status: OrderStatus;
  payment_method: "cod" | "online";
  payment_status: PaymentStatus;
  cancel_until: number;
}

/**
 * The order with this public id in this store, and, when `owner` is given, only if it is that customer's: another
 * store's or another customer's order is not found, exactly as an unknown id is.
 */
export async function findOrderState(db: D1Database, tenantId: number, publicId: string, owner: string | null): Promise<OrderState | null> {
  return db
    .prepare(
      `SELECT id, public_id, owner, number, status, payment_method, payment_status, cancel_until FROM orders
       WHERE tenant_id = ?1 AND public_id = ?2 AND (?3 IS NULL OR owner = ?3)`,
    )
    .bind(tenantId, publicId, owner)
    .first<OrderState>();
}
