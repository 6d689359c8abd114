import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { PayAnswer } from "../../worker/payments/pay-answer";
import { accountRefusal, signOutOn401 } from "./account.server";
import { readOrigin } from "./origin.server";

/** Where the shopper sees an order (the confirmation, with its payment state). */
export function orderPlacedPath(orderId: string): string {
  return `/order-placed/${encodeURIComponent(orderId)}`;
}

/**
 * The pay step's figures from the API. Another customer's order, or an id that is no order, is the 404 page; an order
 * that takes no payment now (already paid, expired) goes to its confirmation.
 */
export async function readPayStep(context: AppLoadContext, request: Request, orderId: string): Promise<PayAnswer> {
  const response = await context.origin.api.razorpay.pay.$post({ json: { order_id: orderId } });
  signOutOn401(context, request, response);
  // The typed client knows only the 200 answer; the refusals are the API's documented ones.
  const status: number = response.status;
  if (status === 409) throw redirect(orderPlacedPath(orderId), 303);
  if (status === 400) throw new Response("No such order.", { status: 404 });
  return await readOrigin(response);
}

/** Sends Checkout's handler result to the API; the order's confirmation next, or the shopper's message. */
export async function processPayment(
  context: AppLoadContext,
  request: Request,
  json: { order_id: string; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  const response = await context.origin.api.razorpay["process-payment"].$post({ json });
  signOutOn401(context, request, response);
  if (response.ok) return { ok: true as const };
  if ((response.status as number) === 404) throw new Response("No such order.", { status: 404 });
  return accountRefusal(response);
}
