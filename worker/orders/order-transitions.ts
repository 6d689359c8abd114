import { type OrderStatus, type PaymentStatus, paymentStatusesBefore, statusesBefore } from "../../commerce/order-status";
import { actorColumns, type StoreActor } from "../../commerce/store-actor";
import { namedBatch, step } from "../db/batch";

/**
 * The one writer of an order's status and payment status. A transition names the state it goes to; the UPDATE allows
 * only the states commerce/order-status.ts lists before it, so a late or repeated event, or two writers racing, find
 * the order already past and change nothing (never a step back). The history row is written in the same batch, only
 * when the UPDATE changed the row.
 */

export type Actor = "customer" | "store" | "payment" | "system";

export interface Transition {
  /** The order status to go to; omitted: the status stays. */
  status?: OrderStatus;
  /** The payment status to go to; omitted: it stays. */
  payment?: PaymentStatus;
  actor: Actor;
  /** Who of the store made it (actor "store"): the staff member or the API key, kept in its history row. */
  by?: StoreActor;
  /** Shown in the timeline: a cancel reason as typed, or one of the platform's (commerce/order-notes.ts). */
  note?: string;
  /** Kept on the order when it is cancelled. */
  cancelReason?: string;
}

/**
 * The statements of one transition, for a caller that adds its own to the batch (a coupon release, a cart change):
 * `update`, the guarded UPDATE (its `meta.changes` says whether the order changed), then `history`, which writes the
 * history row only if it did (`changes()` is the previous statement's count on the batch's one connection).
 */
export function transitionSteps(db: D1Database, tenantId: number, orderId: number, transition: Transition, now: number = Date.now()) {
  if (transition.status === undefined && transition.payment === undefined)
    throw new Error("A transition names a status or a payment status.");
  // ?1–?6 are the new values and the order; the allowed earlier states follow, numbered on.
  const values: string[] = [];
  const allowed = (column: string, states: string[]) => `${column} IN (${states.map((state) => `?${6 + values.push(state)}`).join(", ")})`;
  const guards = [
    transition.status === undefined ? null : allowed("status", statusesBefore(transition.status)),
    transition.payment === undefined ? null : allowed("payment_status", paymentStatusesBefore(transition.payment)),
  ].filter((guard) => guard !== null);
  const update = db
    .prepare(
      `UPDATE orders SET status = coalesce(?1, status), payment_status = coalesce(?2, payment_status), updated_at = ?3,
         cancel_reason = coalesce(?4, cancel_reason)
       WHERE tenant_id = ?5 AND id = ?6 AND ${guards.join(" AND ")}`,
    )
    .bind(transition.status ?? null, transition.payment ?? null, now, transition.cancelReason ?? null, tenantId, orderId, ...values);
  const by = transition.by ? actorColumns(transition.by) : { staffId: null, storeKeyId: null };
  const history = db
    .prepare(
      `INSERT INTO order_status_history (tenant_id, order_id, status, payment_status, actor, note, at, staff_id, store_key_id)
       SELECT tenant_id, id, status, payment_status, ?3, ?4, ?5, ?6, ?7 FROM orders WHERE tenant_id = ?1 AND id = ?2 AND changes() = 1`,
    )
    .bind(tenantId, orderId, transition.actor, transition.note ?? "", now, by.staffId, by.storeKeyId);
  return { update: step(update), history: step(history) };
}

/** Takes an order forward, or leaves it where it is. True when it changed. */
export async function transitionOrder(
  db: D1Database,
  tenantId: number,
  orderId: number,
  transition: Transition,
  now: number = Date.now(),
): Promise<boolean> {
  const ran = await namedBatch(db, transitionSteps(db, tenantId, orderId, transition, now));
  return ran.update.meta.changes === 1;
}
