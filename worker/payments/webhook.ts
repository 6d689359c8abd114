import type { Env } from "../env";
import { type Applied, applyPaymentUpdate, type PaymentUpdate } from "./apply-payment";
import { verifyHmacHex } from "./hmac";
import { orderOfGatewayOrder, orderOfPayment, type PayableOrder } from "./payable-order";
import { storeGateway } from "./store-gateway";

interface PaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
}

interface RefundEntity {
  id: string;
  payment_id: string;
}

interface WebhookBody {
  event?: string;
  payload?: { payment?: { entity?: PaymentEntity }; refund?: { entity?: RefundEntity } };
}

export type WebhookOutcome =
  | { status: 401 | 400; code: string; message: string }
  | { status: 200; result: Applied | "duplicate" | "ignored" | "unknown_order" };

/** The order and update an event speaks of; null for events we do not act on. */
async function updateOf(
  db: D1Database,
  tenantId: number,
  body: WebhookBody,
): Promise<{ order: PayableOrder | null; update: PaymentUpdate } | null> {
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  switch (body.event) {
    case "payment.captured":
    case "order.paid":
    case "payment.failed": {
      if (!payment?.order_id || !payment.id) return null;
      const kind = body.event === "payment.failed" ? "failed" : "paid";
      const update: PaymentUpdate = { kind, paymentId: payment.id, amount: Number(payment.amount), currency: String(payment.currency) };
      return { order: await orderOfGatewayOrder(db, tenantId, payment.order_id), update };
    }
    case "refund.processed":
    case "refund.failed": {
      if (!refund?.payment_id || !refund.id) return null;
      const kind = body.event === "refund.processed" ? "refunded" : "refund_failed";
      return {
        order: await orderOfPayment(db, tenantId, refund.payment_id),
        update: { kind, paymentId: refund.payment_id, refundId: refund.id },
      };
    }
    default:
      return null;
  }
}

/**
 * A Razorpay webhook for the store: the signature is the HMAC (webhook secret) of the raw body as received; each
 * x-razorpay-event-id is inserted first and applied once (a redelivery is 200 and changes nothing); the update goes
 * through applyPaymentUpdate like every other path. A failure while applying forgets the event, so Razorpay's retry
 * applies it.
 */
export async function receiveWebhook(
  env: Env,
  tenantId: number,
  raw: ArrayBuffer,
  signature: string,
  eventId: string,
  origin: string,
): Promise<WebhookOutcome> {
  const gateway = await storeGateway(env, tenantId, "razorpay");
  if (!gateway?.webhookSecret || !(await verifyHmacHex(gateway.webhookSecret, raw, signature))) {
    return { status: 401, code: "invalid_signature", message: "The webhook signature does not match." };
  }
  let body: WebhookBody;
  try {
    body = JSON.parse(new TextDecoder().decode(raw)) as WebhookBody;
  } catch {
    return { status: 400, code: "invalid_input", message: "The webhook body is not JSON." };
  }
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(eventId)) return { status: 400, code: "invalid_input", message: "x-razorpay-event-id is missing." };
  const inserted = await env.DB.prepare(
    "INSERT INTO webhook_events (tenant_id, event_id, event, received_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
  )
    .bind(tenantId, eventId, String(body.event ?? ""), Date.now())
    .run();
  if (inserted.meta.changes !== 1) return { status: 200, result: "duplicate" };
  try {
    const found = await updateOf(env.DB, tenantId, body);
    if (!found) return { status: 200, result: "ignored" };
    if (!found.order) return { status: 200, result: "unknown_order" };
    return { status: 200, result: await applyPaymentUpdate(env, tenantId, found.order, found.update, origin) };
  } catch (error) {
    await env.DB.prepare("DELETE FROM webhook_events WHERE tenant_id = ?1 AND event_id = ?2").bind(tenantId, eventId).run();
    throw error;
  }
}
