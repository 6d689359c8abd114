import type { Env } from "../env";
import {
  GatewayError,
  type GatewayKind,
  gatewayOfKind,
  type PayableOrder,
  type PaymentGateway,
  storeGateway,
  verifyHmacHex,
} from "../payments";
import type { Store } from "../tenancy/tenant";
import { applyPaymentUpdate, type ReadsWithTransition } from "./apply-payment";
import type { EffectsContext } from "./order-events";
import { type Settled, settlePayment } from "./settle-payment";

/** What Razorpay Checkout hands back (the JS handler's argument, or the redirect's form fields). */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type CheckoutOutcome = Settled | "gateway_unavailable";

/** What a caller read beside the order, saving round trips: the store's gateway, and reads for the paying batch. */
export interface ReadAhead {
  /** `storeGateway(env, store)`, when read. */
  gateway?: PaymentGateway | null;
  reads?: ReadsWithTransition;
}

/** The gateway that made the order's gateway order, from what was read ahead when it can be. */
function orderGateway(env: Env, store: Store, kind: GatewayKind, ahead: ReadAhead): Promise<PaymentGateway | null> {
  return ahead.gateway === undefined ? storeGateway(env, store, kind) : gatewayOfKind(env, store, kind, ahead.gateway);
}

/**
 * A checkout's signed success, for the order it claims: the signature must be the HMAC (key secret) of the gateway
 * order id STORED for this order and the payment id, checked in constant time. The client's gateway order id must be
 * that stored one too; a signature for another order, a tampered one, or one made with another key changes nothing.
 * A good signature only says which payment to ask about: the order is paid as Razorpay reports that payment
 * (settlePayment: captured, or authorized and captured now), never on the signature alone. The developer test gateway
 * (DEV_TOOLS only, no money, no API) is taken at its word.
 */
export async function applyCheckoutSuccess(
  env: Env,
  store: Store,
  order: PayableOrder,
  result: CheckoutSuccess,
  effectsContext: EffectsContext,
  ahead: ReadAhead = {},
): Promise<CheckoutOutcome> {
  const stored = order.gateway;
  if (!stored || result.razorpay_order_id !== stored.orderId) return "not_verified";
  const gateway = await orderGateway(env, store, stored.kind, ahead);
  if (!gateway) return "gateway_unavailable";
  const signed = await verifyHmacHex(gateway.keySecret, `${stored.orderId}|${result.razorpay_payment_id}`, result.razorpay_signature);
  if (!signed) return "not_verified";
  if (gateway.kind === "test") {
    const update = { kind: "paid" as const, paymentId: result.razorpay_payment_id, amount: stored.amount, currency: stored.currency };
    return applyPaymentUpdate(env, store, order, update, effectsContext, Date.now(), ahead.reads);
  }
  return settlePayment(env, store, order, gateway, result.razorpay_payment_id, effectsContext, undefined, ahead.reads);
}

/**
 * A checkout's failure as the redirect reports it (error[metadata] names the payment). The report is not signed, so
 * for Razorpay the failure is only applied as the gateway's API confirms it for the stored order; the developer test
 * gateway (DEV_TOOLS only, no money) has no API and is taken at its word.
 */
export async function applyCheckoutFailure(
  env: Env,
  store: Store,
  order: PayableOrder,
  paymentId: string,
  effectsContext: EffectsContext,
  ahead: ReadAhead = {},
): Promise<CheckoutOutcome> {
  const stored = order.gateway;
  if (!stored) return "not_verified";
  const gateway = await orderGateway(env, store, stored.kind, ahead);
  if (!gateway) return "gateway_unavailable";
  let failed = gateway.kind === "test" ? { id: paymentId, amount: stored.amount, currency: stored.currency } : undefined;
  if (gateway.kind !== "test") {
    try {
      failed = (await gateway.orderPayments(stored.orderId)).find((payment) => payment.id === paymentId && payment.status === "failed");
    } catch (error) {
      if (error instanceof GatewayError) return "gateway_unavailable";
      throw error;
    }
  }
  if (!failed) return "not_verified";
  return applyPaymentUpdate(
    env,
    store,
    order,
    {
      kind: "failed",
      paymentId: failed.id,
      amount: failed.amount,
      currency: failed.currency,
    },
    effectsContext,
  );
}
