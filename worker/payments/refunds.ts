import { ORDER_NOTES } from "../../commerce/order-notes";
import { REFUND_ATTEMPTS } from "../../commerce/refunds";
import type { Env } from "../env";
import { transitionOrder } from "../orders";
import type { Store } from "../tenancy/tenant";
import { GatewayError } from "./gateway";
import { type PayableOrder, payableOrderById } from "./payable-order";
import { storeGateway } from "./store-gateway";

export type RefundOutcome = "refunded" | "requested" | "already_requested" | "not_refundable" | "gateway_unavailable";

/**
 * The idempotency key of a payment's n-th refund: `cancel-<public id>` for the first, so a retried request (this code
 * again, the cron, a second worker) never refunds twice; a refund Razorpay failed is asked again under a new key (the
 * same key would only answer the failed refund).
 */
function refundKey(publicId: string, attempt: number): string {
  return attempt === 0 ? `cancel-${publicId}` : `cancel-${publicId}-${attempt + 1}`;
}

/**
 * Asks the gateway to refund a captured payment in full: once, or again after Razorpay failed the last refund (up to
 * REFUND_ATTEMPTS). A refund the gateway processes at once takes the payment to refunded; otherwise refund.processed
 * (webhook) does, and refund.failed leaves it for the cron to ask again.
 */
export async function refundPayment(env: Env, store: Store, order: PayableOrder, paymentId: string): Promise<RefundOutcome> {
  const tenantId = store.id;
  const payment = await env.DB.prepare(
    `SELECT refund_id, refund_status, refund_attempts FROM payments
     WHERE tenant_id = ?1 AND order_id = ?2 AND provider_payment_id = ?3 AND status = 'captured'`,
  )
    .bind(tenantId, order.id, paymentId)
    .first<{ refund_id: string | null; refund_status: string | null; refund_attempts: number }>();
  if (!payment) return "not_refundable";
  const retry = payment.refund_id !== null && payment.refund_status === "failed";
  if (payment.refund_id && !retry) return "already_requested";
  // Rows from before attempts were counted hold a refund with 0.
  const attempt = Math.max(payment.refund_attempts, payment.refund_id ? 1 : 0);
  if (attempt >= REFUND_ATTEMPTS) return "not_refundable";
  const gateway = order.gateway ? await storeGateway(env, store, order.gateway.kind) : null;
  if (!gateway) return "gateway_unavailable";
  let refund: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    refund = await gateway.refund(paymentId, refundKey(order.publicId, attempt), { order: order.publicId, receipt: order.number });
  } catch (error) {
    if (error instanceof GatewayError) {
      console.warn("refund not requested; the cron retries", error.message);
      return "gateway_unavailable";
    }
    throw error;
  }
  const processed = refund.status === "processed";
  const now = Date.now();
  // Written only over the refund this request replaces (none, or the failed one), so two retries record one.
  await env.DB.prepare(
    `UPDATE payments SET refund_id = ?1, refund_status = ?2, refund_attempts = ?7, updated_at = ?3
     WHERE tenant_id = ?4 AND order_id = ?5 AND provider_payment_id = ?6 AND refund_id IS ?8`,
  )
    .bind(
      refund.id,
      processed ? "processed" : refund.status === "failed" ? "failed" : "pending",
      now,
      tenantId,
      order.id,
      paymentId,
      attempt + 1,
      payment.refund_id,
    )
    .run();
  if (processed)
    await transitionOrder(env.DB, tenantId, order.id, { payment: "refunded", actor: "payment", note: ORDER_NOTES.refunded }, now);
  // A refund done here is announced by the caller (order-life/), which stands above payments.
  return processed ? "refunded" : "requested";
}

/**
 * Refunds an order whose payment status is refund_pending (a paid order the customer cancelled; the cron's retry).
 * Idempotent: an order already refunded or requested is left as it is.
 */
export async function issueRefund(env: Env, store: Store, orderId: number): Promise<RefundOutcome> {
  const tenantId = store.id;
  const order = await payableOrderById(env.DB, tenantId, orderId);
  if (order?.paymentStatus !== "refund_pending") return "not_refundable";
  const payment = await env.DB.prepare(
    `SELECT provider_payment_id FROM payments WHERE tenant_id = ?1 AND order_id = ?2 AND status = 'captured'
     ORDER BY created_at LIMIT 1`,
  )
    .bind(tenantId, orderId)
    .first<string>("provider_payment_id");
  return payment ? refundPayment(env, store, order, payment) : "not_refundable";
}
