import { paymentOnStoreMove, type StoreTarget, storeMoveRefusal } from "../../commerce/order-actions";
import { type CancellableOrder, type CancelOutcome, cancelOrder } from "./cancel-order";
import { moveOrder } from "./order-moves";

/**
 * The store moves an order to its next status (steps may be skipped, never taken back), or cancels it with a reason.
 * Delivering a cash order collects its cash in the same move.
 */
export async function moveByStore(
  db: D1Database,
  tenantId: number,
  order: CancellableOrder,
  to: StoreTarget,
  reason: string,
  now: number = Date.now(),
): Promise<CancelOutcome> {
  if (to === "cancelled") return cancelOrder(db, tenantId, order, { actor: "store", reason }, now);
  const refusal = storeMoveRefusal(order.status, to);
  if (refusal) return { ok: false, message: refusal };
  const payment = paymentOnStoreMove(to, order.payment_status) ?? undefined;
  const moved = await moveOrder(db, tenantId, order.id, { status: to, payment, actor: "store", note: reason }, now);
  return moved ? { ok: true, refundDue: false } : { ok: false, message: "The order changed meanwhile; read it again and retry." };
}
