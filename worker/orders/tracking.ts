import type { Translate } from "../../commerce/i18n/catalogue";
import { orderStatusText, trackingSteps } from "../../commerce/order-status";
import { namedBatch, step } from "../db/batch";
import type { TrackingAnswer } from "./order-answer";
import { findOrder, type HistoryRow, historyEntry } from "./order-read";

/**
 * An order as anyone holding its public id may follow it: where it is and when it got there, and what is in it by
 * name. Nothing that says who or where the customer is, or what was paid. Null for an id this store does not have.
 * Its statuses and the platform's notes are in `t`'s language, the caller's.
 */
export async function loadTracking(db: D1Database, tenantId: number, publicId: string, t: Translate): Promise<TrackingAnswer | null> {
  const order = await findOrder(db, tenantId, publicId, null);
  if (!order) return null;
  const ran = await namedBatch(db, {
    lines: step<{ name: string; quantity: number }>(
      db.prepare("SELECT name, quantity FROM order_lines WHERE tenant_id = ?1 AND order_id = ?2 ORDER BY id").bind(tenantId, order.id),
    ),
    history: step<HistoryRow>(
      db
        .prepare("SELECT status, payment_status, note, at FROM order_status_history WHERE tenant_id = ?1 AND order_id = ?2 ORDER BY id")
        .bind(tenantId, order.id),
    ),
  });
  const entries = ran.history.results.map((row) => historyEntry(row, t));
  return {
    id: order.public_id,
    number: order.number,
    status: order.status,
    status_text: orderStatusText(t, order.status),
    fulfillment: order.fulfillment,
    branch_name: order.branch_name ?? "",
    items: ran.lines.results,
    placed_at: new Date(order.placed_at).toISOString(),
    // Each step's time is when the order first reached it; a step the store skipped has none.
    steps: trackingSteps(order.fulfillment).map((status) => ({
      status,
      status_text: orderStatusText(t, status),
      at: entries.find((entry) => entry.status === status)?.at ?? null,
    })),
    history: entries,
  };
}
