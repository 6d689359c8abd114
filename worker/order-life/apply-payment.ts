import { ORDER_NOTES } from "../../commerce/order-notes";
import { namedBatch, type Ran, step } from "../db/batch";
import type { Env } from "../env";
import { type OrderAnswerSteps, transitionOrder, transitionSteps } from "../orders";
import { type PayableOrder, payableOrderById, refundPayment } from "../payments";
import type { Store } from "../tenancy/tenant";
import { type EffectsContext, orderTransitioned, transitionReadSteps, transitionReadsFrom } from "./order-events";

/**
 * What the gateway said about a payment of one of our orders, from whichever path heard it first: the checkout
 * handler (process-payment), the redirect callback, a webhook, or the reconcile job.
 */
export type PaymentUpdate =
  | { kind: "paid" | "failed"; paymentId: string; amount: number; currency: string }
  | { kind: "refunded" | "refund_failed"; paymentId: string; refundId: string };

/**
 * - moved: the order went forward; unchanged: it was already past (a repeat, or an event out of order);
 * - mismatch: the payment is not for this order's gateway order amount and currency, so nothing was changed;
 * - refunding: a payment for an order that is no longer payable (expired, cancelled): recorded as paid and refunded.
 */
export type Applied = "moved" | "unchanged" | "mismatch" | "refunding";

/**
 * Reads a caller wants in the batch that transitions the order (the answer it gives), saving a round trip after it:
 * `results` is set only when that batch transitioned the order, so nothing changed the order after they were read.
 */
export interface ReadsWithTransition {
  /** The order's answer (orders/order-read.ts), as the caller asks for it. */
  steps: OrderAnswerSteps;
  ran?: Ran<OrderAnswerSteps>;
}

/** Orders that take no more money: a payment for one of them is given back. */
const CLOSED = new Set(["expired", "cancelled"]);

/**
 * The one place a payment update changes an order. Every transition goes through transitionSteps (forward only), so a
 * late, repeated or reordered update finds the order already past and changes nothing; each payment is recorded once.
 * The customer is told once, by the path whose update transitioned the order, with links to the store's address
 * (`effectsContext`).
 */
export async function applyPaymentUpdate(
  env: Env,
  store: Store,
  order: PayableOrder,
  update: PaymentUpdate,
  effectsContext: EffectsContext,
  now = Date.now(),
  reads?: ReadsWithTransition,
): Promise<Applied> {
  const tenantId = store.id;
  const db = env.DB;
  if ("refundId" in update) {
    const processed = update.kind === "refunded";
    // A failure counts only for the refund last asked (an older one's failure, after a retry was asked, is past);
    // any processed refund ends it.
    const record = db
      .prepare(
        `UPDATE payments SET refund_id = coalesce(refund_id, ?1), refund_status = ?2, updated_at = ?3
         WHERE tenant_id = ?4 AND order_id = ?5 AND provider_payment_id = ?6 AND coalesce(refund_status, '') <> 'processed'
           AND (?2 = 'processed' OR refund_id IS NULL OR refund_id = ?1)`,
      )
      .bind(update.refundId, processed ? "processed" : "failed", now, tenantId, order.id, update.paymentId);
    if (!processed) {
      await record.run();
      return "unchanged";
    }
    const ran = await namedBatch(db, {
      record: step(record),
      transition: transitionSteps(db, tenantId, order.id, { payment: "refunded", actor: "payment", note: ORDER_NOTES.refunded }, now),
    });
    if (ran.transition.update.meta.changes !== 1) return "unchanged";
    await orderTransitioned(env, store, order.id, "refunded", effectsContext);
    return "moved";
  }

  if (!order.gateway || update.amount !== order.gateway.amount || update.currency !== order.gateway.currency) return "mismatch";
  const paid = update.kind === "paid";
  // A failed attempt may be authorised late (Razorpay keeps asking the bank): captured overwrites failed, never back.
  const record = db
    .prepare(
      `INSERT INTO payments (tenant_id, order_id, provider_payment_id, status, amount, currency, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
       ON CONFLICT (tenant_id, provider_payment_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at
       WHERE payments.status = 'failed' AND excluded.status = 'captured' AND payments.order_id = excluded.order_id`,
    )
    .bind(tenantId, order.id, update.paymentId, paid ? "captured" : "failed", update.amount, update.currency, now);
  const transition = paid
    ? transitionSteps(
        db,
        tenantId,
        order.id,
        { status: "placed", payment: "paid", actor: "payment", note: ORDER_NOTES.payment_received },
        now,
      )
    : transitionSteps(
        db,
        tenantId,
        order.id,
        { status: "payment_failed", payment: "failed", actor: "payment", note: ORDER_NOTES.payment_failed },
        now,
      );
  const ran = await namedBatch(db, {
    record: step(record),
    transition,
    answer: reads?.steps,
    // A payment's effects start from reads made in its batch (order-events.ts).
    effects: paid ? transitionReadSteps(db, tenantId, { id: order.id }, "paid") : undefined,
  });
  if (ran.transition.update.meta.changes === 1) {
    if (reads) reads.ran = ran.answer;
    if (ran.effects) await orderTransitioned(env, store, order.id, "paid", effectsContext, transitionReadsFrom(ran.effects));
    return "moved";
  }
  if (!paid) return "unchanged";

  // Paid, but the order did not change: already paid (a repeat), or closed before the money came (a late payment).
  const current = await payableOrderById(db, tenantId, order.id);
  if (!current || !CLOSED.has(current.status) || current.paymentStatus === "refund_pending" || current.paymentStatus === "refunded") {
    return "unchanged";
  }
  // The money is real: paid (from void too, so the history shows it), then refunding.
  const paidLate = { payment: "paid", actor: "payment", note: ORDER_NOTES.paid_after_close } as const;
  const refunding = { payment: "refund_pending", actor: "system", note: ORDER_NOTES.refunding_after_close } as const;
  await transitionOrder(db, tenantId, order.id, paidLate, now);
  await transitionOrder(db, tenantId, order.id, refunding, now);
  await refundPayment(env, store, current, update.paymentId);
  return "refunding";
}
