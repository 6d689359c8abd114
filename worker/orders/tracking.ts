import { ORDER_STATUS_TEXT, type OrderStatus, PAYMENT_STATUS_TEXT, type PaymentStatus, trackingSteps } from "../../commerce/order-status";
import type { OrderHistoryEntry, TrackingAnswer } from "./order-answer";

interface OrderRow {
  id: number;
  public_id: string;
  number: string;
  status: OrderStatus;
  fulfillment: "delivery" | "pickup";
  branch_name: string | null;
  placed_at: number;
}

interface HistoryRow {
  status: OrderStatus;
  payment_status: PaymentStatus;
  note: string;
  at: number;
}

/**
 * An order as anyone holding its public id may follow it: where it is and when it got there, and what is in it by
 * name. Nothing that says who or where the customer is, or what was paid. Null for an id this store does not have.
 */
export async function loadTracking(db: D1Database, tenantId: number, publicId: string): Promise<TrackingAnswer | null> {
  const order = await db
    .prepare(
      `SELECT o.id, o.public_id, o.number, o.status, o.fulfillment, b.name AS branch_name, o.placed_at FROM orders o
       LEFT JOIN branches b ON b.tenant_id = o.tenant_id AND b.id = o.branch_id
       WHERE o.tenant_id = ?1 AND o.public_id = ?2`,
    )
    .bind(tenantId, publicId)
    .first<OrderRow>();
  if (!order) return null;
  const [lines, history] = await db.batch([
    db.prepare("SELECT name, quantity FROM order_lines WHERE tenant_id = ?1 AND order_id = ?2 ORDER BY id").bind(tenantId, order.id),
    db
      .prepare("SELECT status, payment_status, note, at FROM order_status_history WHERE tenant_id = ?1 AND order_id = ?2 ORDER BY id")
      .bind(tenantId, order.id),
  ]);
  const entries = ((history?.results ?? []) as HistoryRow[]).map(historyEntry);
  return {
    id: order.public_id,
    number: order.number,
    status: order.status,
    status_text: ORDER_STATUS_TEXT[order.status],
    fulfillment: order.fulfillment,
    branch_name: order.branch_name ?? "",
    items: (lines?.results ?? []) as { name: string; quantity: number }[],
    placed_at: new Date(order.placed_at).toISOString(),
    // Each step's time is when the order first reached it; a step the store skipped has none.
    steps: trackingSteps(order.fulfillment).map((status) => ({
      status,
      status_text: ORDER_STATUS_TEXT[status],
      at: entries.find((entry) => entry.status === status)?.at ?? null,
    })),
    history: entries,
  };
}

function historyEntry(row: HistoryRow): OrderHistoryEntry {
  return {
    status: row.status,
    status_text: ORDER_STATUS_TEXT[row.status],
    payment_status: row.payment_status,
    payment_status_text: PAYMENT_STATUS_TEXT[row.payment_status],
    at: new Date(row.at).toISOString(),
    note: row.note,
  };
}
