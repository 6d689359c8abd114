import type { Env } from "../env";
import { type GatewayPayment, orderOfGatewayOrder, orderOfPayment, type PaymentGateway, storeGateway, verifyHmacHex } from "../payments";
import type { Store } from "../tenancy/tenant";
import { applyPaymentUpdate } from "./apply-payment";
import type { EffectsContext } from "./order-events";
import { type Settled, settlePayment } from "./settle-payment";

interface RefundEntity {
  id: string;
  payment_id: string;
}

interface WebhookBody {
  event?: string;
  payload?: { payment?: { entity?: GatewayPayment }; refund?: { entity?: RefundEntity } };
}

export type WebhookOutcome =
  | { status: 401 | 400; code: string; message: string }
  | { status: 200; result: Settled | "duplicate" | "ignored" | "unknown_order" };

/** Events about a payment: each is applied as the payment entity (Razorpay's signed account of it) says. */
const PAYMENT_EVENTS = new Set(["payment.authorized", "payment.captured", "order.paid", "payment.failed"]);

/** What an event asks of us: settle a payment, or record a refund's end; "ignored" for events we do not act on. */
async function apply(
  env: Env,
  store: Store,
  gateway: PaymentGateway,
  body: WebhookBody,
  effectsContext: EffectsContext,
): Promise<Settled | "ignored" | "unknown_order"> {
  const tenantId = store.id;
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  if (PAYMENT_EVENTS.has(body.event ?? "")) {
    if (!payment?.order_id || !payment.id) return "ignored";
    const order = await orderOfGatewayOrder(env.DB, tenantId, payment.order_id);
    if (!order) return "unknown_order";
    const known = { ...payment, amount: Number(payment.amount), currency: String(payment.currency) };
    return settlePayment(env, store, order, gateway, payment.id, effectsContext, known);
  }
  if (body.event === "refund.processed" || body.event === "refund.failed") {
    if (!refund?.payment_id || !refund.id) return "ignored";
    const order = await orderOfPayment(env.DB, tenantId, refund.payment_id);
    if (!order) return "unknown_order";
    const kind = body.event === "refund.processed" ? "refunded" : "refund_failed";
    return applyPaymentUpdate(env, store, order, { kind, paymentId: refund.payment_id, refundId: refund.id }, effectsContext);
  }
  return "ignored";
}

/**
 * A Razorpay webhook for the store: the signature is the HMAC (webhook secret) of the raw body as received; each
 * x-razorpay-event-id is inserted first and applied once (a redelivery is 200 and changes nothing); a payment is
 * settled as its entity says (settlePayment, like every other path). A failure while applying forgets the event, so
 * Razorpay's retry applies it.
 */
export async function receiveWebhook(
  env: Env,
  store: Store,
  raw: ArrayBuffer,
  signature: string,
  eventId: string,
  effectsContext: EffectsContext,
): Promise<WebhookOutcome> {
  const tenantId = store.id;
  const gateway = await storeGateway(env, store, "razorpay");
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
    return { status: 200, result: await apply(env, store, gateway, body, effectsContext) };
  } catch (error) {
    await env.DB.prepare("DELETE FROM webhook_events WHERE tenant_id = ?1 AND event_id = ?2").bind(tenantId, eventId).run();
    throw error;
  }
}
