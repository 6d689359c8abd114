import type { Env } from "../env";
import { moveOrder } from "../orders/order-moves";
import { GatewayError } from "./gateway";
import { type PayableOrder, payableOrderById } from "./payable-order";
import { storeGateway } from "./store-gateway";

export type RefundOutcome = "refunded" | "requested" | "already_requested" | "not_refundable" | "gateway_unavailable";

/**
 * Asks the gateway to refund a captured payment in full, once: the idempotency key is `cancel-<public id>`, so a
 * retried request (this code again, the cron, a second worker) never refunds twice. A refund the gateway processes at
 * once moves the payment to refunded; otherwise refund.processed (webhook) does.
 */
export async function refundPayment(env: Env, tenantId: number, order: PayableOrder, paymentId: string): Promise<RefundOutcome> {
  const payment = await env.DB.prepare(
    "SELECT refund_id FROM payments WHERE tenant_id = ?1 AND order_id = ?2 AND provider_payment_id = ?3 AND status = 'captured'",
  )
    .bind(tenantId, order.id, paymentId)
    .first<{ refund_id: string | null }>();
  if (!payment) return "not_refundable";
  if (payment.refund_id) return "already_requested";
  const gateway = order.gateway ? await storeGateway(env, tenantId, order.gateway.kind) : null;
  if (!gateway) return "gateway_unavailable";
  let refund: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    refund = await gateway.refund(paymentId, `cancel-${order.publicId}`, { order: order.publicId, receipt: order.number });
  } catch (error) {
    if (error instanceof GatewayError) {
      console.warn("refund not requested; the cron retries", error.message);
      return "gateway_unavailable";
    }
    throw error;
  }
  const processed = refund.status === "processed";
  const now = Date.now();
  await env.DB.prepare(
    `UPDATE payments SET refund_id = ?1, refund_status = ?2, updated_at = ?3
     WHERE tenant_id = ?4 AND order_id = ?5 AND provider_payment_id = ?6 AND refund_id IS NULL`,
  )
    .bind(refund.id, processed ? "processed" : refund.status === "failed" ? "failed" : "pending", now, tenantId, order.id, paymentId)
    .run();
  if (processed) await moveOrder(env.DB, tenantId, order.id, { payment: "refunded", actor: "payment", note: "Refunded" }, now);
  return processed ? "refunded" : "requested";
}

/**
 * Refunds an order whose payment status is refund_pending (a paid order the customer cancelled; the cron's retry).
 * Idempotent: an order already refunded or requested is left as it is.
 */
export async function issueRefund(env: Env, tenantId: number, orderId: number): Promise<RefundOutcome> {
  const order = await payableOrderById(env.DB, tenantId, orderId);
  if (order?.paymentStatus !== "refund_pending") return "not_refundable";
  const payment = await env.DB.prepare(
    `SELECT provider_payment_id FROM payments WHERE tenant_id = ?1 AND order_id = ?2 AND status = 'captured'
     ORDER BY created_at LIMIT 1`,
  )
    .bind(tenantId, orderId)
    .first<string>("provider_payment_id");
  return payment ? refundPayment(env, tenantId, order, payment) : "not_refundable";
}
