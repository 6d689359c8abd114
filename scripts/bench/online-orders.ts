// Orders to pay for, for the pay step's and the payment result's chains: a customer's cart refilled and placed with
// card payment through the real API. The demo stores pay through the developer test gateway (DEV_TOOLS=1, no Razorpay
// keys), so a checkout's result is signed with its secret exactly as Razorpay Checkout's handler result is.

import { hmacHex, TEST_GATEWAY_SECRET } from "../../worker/payments";
import { send } from "./http";
import type { OrderingCustomer } from "./orders";

async function call(baseUrl: string, host: string, token: string, method: string, path: string, body: unknown, extra = {}) {
  const headers = { Host: host, authorization: `Bearer ${token}`, "content-type": "application/json", ...extra };
  const response = await send(method, `${baseUrl}${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return JSON.parse(response.text) as Record<string, unknown>;
}

/** Places an order paid by card (awaiting payment) from the customer's cart, refilled first; its public id. */
export async function placeOnlineOrder(baseUrl: string, host: string, customer: OrderingCustomer, productId: number): Promise<string> {
  const { token, addressId } = customer;
  const cart = (await call(baseUrl, host, token, "GET", "/api/get-cart", undefined)) as { cartItems: unknown[] };
  if (cart.cartItems.length === 0) await call(baseUrl, host, token, "POST", "/api/cart/add", { product_id: productId, quantity: 1 });
  const priced = (await call(baseUrl, host, token, "PUT", "/api/cart/delivery-location", { address_id: addressId })) as { total: number };
  const body = { fulfillment: "delivery", address_id: addressId, payment_method: "online", expected_total: priced.total };
  const placed = (await call(baseUrl, host, token, "POST", "/api/place-order", body, { "idempotency-key": crypto.randomUUID() })) as {
    order: { id: string; payment_status: string };
  };
  if (placed.order.payment_status !== "awaiting") throw new Error(`the bench's card order is ${placed.order.payment_status}, not awaiting`);
  return placed.order.id;
}

/** The pay step's gateway order for `orderId` and a successful payment's result for it, signed as the gateway signs. */
export async function signedCheckoutResult(baseUrl: string, host: string, token: string, orderId: string) {
  const pay = (await call(baseUrl, host, token, "POST", "/api/razorpay/pay", { order_id: orderId })) as { razorpay_order_id: string };
  const paymentId = `pay_bench${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  return {
    razorpay_order_id: pay.razorpay_order_id,
    razorpay_payment_id: paymentId,
    razorpay_signature: await hmacHex(TEST_GATEWAY_SECRET, `${pay.razorpay_order_id}|${paymentId}`),
  };
}
