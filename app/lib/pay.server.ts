import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { PayAnswer } from "../../worker/payments";
import { accountRefusalOf, customerRead, signOutOn401 } from "./account.server";

/** Where the shopper sees an order (the confirmation, with its payment state). */
export function orderPlacedPath(orderId: string): string {
  return `/order-placed/${encodeURIComponent(orderId)}`;
}

/**
 * The pay step's figures from the API. Another customer's order, or an id that is no order, is the 404 page; an order
 * that takes no payment now (already paid, expired) goes to its confirmation.
 */
export async function readPayStep(context: AppLoadContext, request: Request, orderId: string): Promise<PayAnswer> {
  return customerRead(context, request, context.origin.razorpayPay({ order_id: orderId })).catch((failure: unknown) => {
    if (failure instanceof Response && failure.status === 409) throw redirect(orderPlacedPath(orderId), 303);
    if (failure instanceof Response && failure.status === 400) throw new Response("No such order.", { status: 404 });
    throw failure;
  });
}

/** Sends Checkout's handler result to the API; the order's confirmation next, or the shopper's message. */
export async function processPayment(
  context: AppLoadContext,
  request: Request,
  json: { order_id: string; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  const attempt = await context.origin.attempt.razorpayProcessPayment(json);
  if (attempt.ok) return { ok: true as const };
  signOutOn401(context, request, attempt);
  if (attempt.status === 404) throw new Response("No such order.", { status: 404 });
  return accountRefusalOf(attempt);
}
