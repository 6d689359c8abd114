import type { Env } from "../env";
import { GatewayError, type GatewayPayment, type PayableOrder, type PaymentGateway } from "../payments";
import type { Store } from "../tenancy/tenant";
import { type Applied, applyPaymentUpdate, type ReadsWithTransition } from "./apply-payment";
import type { EffectsContext } from "./order-events";

/**
 * - pending: Razorpay does not have the money captured yet (created, or authorized and the capture did not go through);
 *   nothing changed, the webhook or the cron finishes it;
 * - not_verified: Razorpay knows no such payment for this order's gateway order.
 */
export type Settled = Applied | "pending" | "not_verified";

/** Orders that still take a payment: only for these is an authorized payment captured. */
const PAYABLE = new Set(["pending_payment", "payment_failed"]);

/**
 * Applies a payment as Razorpay itself reports it, never as a browser or a signature alone says: its status, amount,
 * currency and gateway order come from Razorpay. An `authorized` payment for an order still waiting is captured for the
 * gateway order's amount (Razorpay refunds uncaptured payments by itself, so one for a closed order is left alone).
 * `known` is the payment as a signed webhook or a payments list already gave it, to save asking again.
 */
export async function settlePayment(
  env: Env,
  store: Store,
  order: PayableOrder,
  gateway: PaymentGateway,
  paymentId: string,
  effectsContext: EffectsContext,
  known?: GatewayPayment,
  reads?: ReadsWithTransition,
): Promise<Settled> {
  const stored = order.gateway;
  if (!stored) return "not_verified";
  let payment: GatewayPayment;
  try {
    payment = known ?? (await gateway.payment(paymentId));
    if (payment.order_id !== stored.orderId) return "not_verified";
    if (payment.status === "authorized" && PAYABLE.has(order.status)) {
      if (payment.amount !== stored.amount || payment.currency !== stored.currency) return "mismatch";
      payment = await captured(gateway, payment, stored);
    }
  } catch (error) {
    if (error instanceof GatewayError) {
      console.warn("payment not settled; the webhook or the cron will", error.message);
      return error.status === 400 || error.status === 404 ? "not_verified" : "pending";
    }
    throw error;
  }
  if (payment.status !== "captured" && payment.status !== "failed" && payment.status !== "refunded") return "pending";
  // A refunded payment was captured first: the order is paid, and the refund events take it on.
  const kind = payment.status === "failed" ? "failed" : "paid";
  const update = { kind, paymentId: payment.id, amount: payment.amount, currency: payment.currency } as const;
  return applyPaymentUpdate(env, store, order, update, effectsContext, Date.now(), reads);
}

/**
 * Captures for the stored amount. A refused capture is usually one that already happened (another path captured it
 * first: Razorpay refuses a payment that is no longer authorized), so the payment is read again rather than trusted.
 */
async function captured(gateway: PaymentGateway, payment: GatewayPayment, stored: { amount: number; currency: string }) {
  try {
    return await gateway.capture(payment.id, stored.amount, stored.currency);
  } catch (error) {
    if (error instanceof GatewayError && error.refused) return gateway.payment(payment.id);
    throw error;
  }
}
