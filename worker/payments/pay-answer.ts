import type { CustomerDetails } from "../accounts/customers";
import type { Env } from "../env";
import type { Store } from "../tenancy/tenant";
import type { GatewayOrderRef } from "./gateway-orders";
import type { PayableOrder } from "./payable-order";
import { DEFAULT_RAZORPAY_CHECKOUT_JS } from "./razorpay-transport";

/** What the pay step needs to open Razorpay Checkout (with JS) or post the hosted checkout form (without). */
export interface PayAnswer {
  order_id: string;
  number: string;
  /** 'test': the developer test gateway (DEV_TOOLS only). */
  gateway: "razorpay" | "test";
  key_id: string;
  razorpay_order_id: string;
  /** Currency subunits, as Razorpay takes them. */
  amount: number;
  currency: string;
  /** The store's name, shown in the checkout. */
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  /** Where the no-JS form posts: Razorpay's hosted checkout, or the test gateway page. */
  checkout_url: string;
  /** Razorpay Checkout's script; null for the test gateway (no script: the page posts the form). */
  checkout_js: string | null;
  /** Where the checkout posts its result (absolute); cancel_url comes back to the pay step. */
  callback_url: string;
  cancel_url: string;
}

/** The pay step's figures; `customer` (read beside the order) fills in Checkout's form. */
export function payAnswer(
  env: Env,
  store: Store,
  origin: string,
  order: PayableOrder,
  ref: GatewayOrderRef,
  keyId: string,
  checkoutUrl: string,
  customer: CustomerDetails | null,
): PayAnswer {
  const id = encodeURIComponent(order.publicId);
  return {
    order_id: order.publicId,
    number: order.number,
    gateway: ref.kind,
    key_id: keyId,
    razorpay_order_id: ref.orderId,
    amount: ref.amount,
    currency: ref.currency,
    name: store.settings.name,
    description: `Order ${order.number}`,
    prefill: { name: customer?.name ?? "", email: customer?.email ?? "", contact: customer?.phone ?? "" },
    checkout_url: checkoutUrl.startsWith("/") ? `${origin}${checkoutUrl}` : checkoutUrl,
    checkout_js: ref.kind === "test" ? null : env.RAZORPAY_CHECKOUT_JS || DEFAULT_RAZORPAY_CHECKOUT_JS,
    callback_url: `${origin}/api/razorpay/callback?order_id=${id}`,
    cancel_url: `${origin}/checkout/pay/${id}`,
  };
}
