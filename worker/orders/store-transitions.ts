import { message } from "../../commerce/i18n/message";
import { paymentOnStoreTransition, type StoreTarget, storeTransitionRefusal } from "../../commerce/order-actions";
import type { StoreActor } from "../../commerce/store-actor";
import { type CancellableOrder, type CancelOutcome, cancelOrder } from "./cancel-order";
import { transitionOrder } from "./order-transitions";

/**
 * The store transitions an order to its next status (steps may be skipped, never taken back), or cancels it with a
 * reason. Delivering a cash order collects its cash in the same transition.
 */
export async function transitionByStore(
  db: D1Database,
  tenantId: number,
  order: CancellableOrder,
  to: StoreTarget,
  reason: string,
  by: StoreActor,
  now: number = Date.now(),
): Promise<CancelOutcome> {
  if (to === "cancelled") return cancelOrder(db, tenantId, order, { actor: "store", reason, by }, now);
  const refusal = storeTransitionRefusal(order.status, to);
  if (refusal) return { ok: false, message: refusal };
  const payment = paymentOnStoreTransition(to, order.payment_status) ?? undefined;
  const changed = await transitionOrder(db, tenantId, order.id, { status: to, payment, actor: "store", by, note: reason }, now);
  return changed ? { ok: true, refundDue: false } : { ok: false, message: message("errors.transition_changed_meanwhile") };
}
