import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import { placeOrderForm } from "../../commerce/place-order-input";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import type { OrderAnswer } from "../../worker/orders";
import { accountRefusalOf, signOutOn401 } from "./account.server";
import { applyCartForm, cartForms } from "./cart-actions.server";
import { refused } from "./refused.server";

// The form's own messages are message ids, said in the page's language when it is refused.
const NOT_PLACED = "checkout.not_placed" satisfies MessageId;

/** 'Place order': one post with everything the order needs (the API's own rules); the key makes a double submit the same order. */
const placeForm = z.extend(placeOrderForm, { intent: z.literal("place") });

const checkoutForm = z.discriminatedUnion("intent", [...cartForms, placeForm], { error: NOT_PLACED });

/**
 * The shopper's words for a 'Place order' field the API's rules refuse, in place of the API's own (meant for
 * programs); a rule that says it for people already (a note's characters) and the cart forms' messages are kept.
 */
const PLACE_MESSAGES: Record<string, MessageId> = {
  fulfillment: "cart.choose_fulfillment",
  address_id: "checkout.choose_address",
  payment_method: "checkout.choose_payment",
  note: "checkout.note_too_long",
};

function placeMessage(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.[0];
  return (typeof field === "string" ? PLACE_MESSAGES[field] : undefined) ?? NOT_PLACED;
}

/** Where a placed order goes next: paying for it online, or its confirmation. */
export function afterPlacing(order: Pick<OrderAnswer, "id" | "can_pay">): string {
  return order.can_pay ? `/checkout/pay/${order.id}` : `/order-placed/${order.id}`;
}

/**
 * The /checkout page's forms: the delivery choices it shares with /cart, and 'Place order'. A refusal (a changed
 * total, an address out of range, a coupon past its limit) shows its message above the form, which the loader then
 * fills with the cart as it is now.
 */
export async function checkoutAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, checkoutForm, { messages: placeMessage });
  if (!form.ok) return refused({ ok: false, message: form.message });
  if (form.data.intent !== "place") return applyCartForm(context, form.data, "/checkout");
  const { key, intent: _, address_id, fulfillment, ...rest } = form.data;
  const attempt = await context.origin.attempt.placeOrder({
    ...rest,
    fulfillment,
    ...(fulfillment === "delivery" && address_id ? { address_id } : {}),
    idempotency_key: key,
  });
  if (!attempt.ok) {
    signOutOn401(context, request, attempt);
    const refusal = accountRefusalOf(attempt);
    return refused({ ok: false, message: refusal.message }, refusal.retryAfter);
  }
  context.shopper.setCartCount(0);
  return redirect(afterPlacing(attempt.value.order), 303);
}
