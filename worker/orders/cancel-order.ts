import { type Message, message } from "../../commerce/i18n/message";
import { customerCancelRefusal, paymentOnCancel, storeTransitionRefusal } from "../../commerce/order-actions";
import { ORDER_NOTES } from "../../commerce/order-notes";
import type { StoreActor } from "../../commerce/store-actor";
import { returnStockSteps } from "../catalog/stock-moves";
import { namedBatch, step } from "../db/batch";
import { orderRefundStep } from "../wallet";
import type { OrderAnswer } from "./order-answer";
import type { OrderRow } from "./order-read";
import { answeredMethod } from "./order-read";
import { transitionSteps } from "./order-transitions";

/** What POST /api/cancel-order answers: the order as it now is, and whether its money is due back. */
export interface CancelAnswer {
  order: OrderAnswer;
  refund_due: boolean;
}

/** What a cancel reads of the order. */
export type CancellableOrder = Pick<
  OrderRow,
  "id" | "public_id" | "status" | "payment_status" | "cancel_until" | "payment_method" | "total" | "wallet_amount" | "reward_amount"
>;

export type CancelOutcome = { ok: true; refundDue: boolean } | { ok: false; message: Message };

/**
 * Cancels an order for its customer (within the status and time the store allows) or for the store (from any status the
 * transition table allows). One batch transitions the order and its payment (nothing taken: void; taken: a refund is
 * due) with its history row, gives back the coupon use, what the wallets paid (decision 027) and the stock it took
 * (decision 053); the release is tied to the order being cancelled, so a cancel that lost a race releases nothing.
 * Whether a refund is due is the caller's to act on.
 */
export async function cancelOrder(
  db: D1Database,
  tenantId: number,
  order: CancellableOrder,
  by: { actor: "customer"; reason: string } | { actor: "store"; reason: string; by: StoreActor },
  now: number = Date.now(),
): Promise<CancelOutcome> {
  const refusal =
    by.actor === "customer"
      ? customerCancelRefusal(order.status, order.cancel_until, now)
      : storeTransitionRefusal(order.status, "cancelled");
  if (refusal) return { ok: false, message: refusal };
  const payment = paymentOnCancel(order.payment_status, answeredMethod(order) === "wallet") ?? undefined;
  // Without a reason of their own, the platform's note: stored in English, answered in the reader's language.
  const note = by.reason || (by.actor === "customer" ? ORDER_NOTES.cancelled_by_customer : ORDER_NOTES.cancelled_by_store);
  const ran = await namedBatch(db, {
    transition: transitionSteps(
      db,
      tenantId,
      order.id,
      { status: "cancelled", payment, actor: by.actor, by: by.actor === "store" ? by.by : undefined, note, cancelReason: note },
      now,
    ),
    couponReleased: step(
      db
        .prepare(
          `UPDATE coupon_redemptions SET released_at = ?1 WHERE tenant_id = ?2 AND order_id = ?3 AND released_at IS NULL
             AND EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?2 AND id = ?3 AND status = 'cancelled')`,
        )
        .bind(now, tenantId, order.id),
    ),
    // What the wallets paid comes back now; a gateway part is refunded by the caller when refund_due.
    walletRefund: orderRefundStep(db, tenantId, order.public_id, now, "cancelled"),
    stock: returnStockSteps(db, tenantId, order.id, now),
  });
  if (ran.transition.update.meta.changes !== 1) return { ok: false, message: message("errors.cancel_changed_meanwhile") };
  return { ok: true, refundDue: payment === "refund_pending" };
}
