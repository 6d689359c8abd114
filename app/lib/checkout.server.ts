import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { OrderAnswer } from "../../worker/orders/order-answer";
import { accountRefusal, signOutOn401 } from "./account.server";
import { applyCartForm, cartForms } from "./cart-actions.server";
import { idField, optionalText } from "./form-fields.server";
import { readForm } from "./form-reader.server";
import { refused } from "./refused.server";

const NOT_PLACED = "Your order could not be placed. Please try again.";

/** 'Place order': one post with everything the order needs; the key makes a double submit the same order. */
const placeForm = z.object({
  intent: z.literal("place"),
  key: z.string({ error: NOT_PLACED }).regex(/^[A-Za-z0-9_-]{16,64}$/, NOT_PLACED),
  fulfillment: z.enum(["delivery", "pickup"], { error: "Choose delivery or pickup." }),
  address_id: idField("Choose a delivery address.").optional(),
  payment_method: z.enum(["cod", "online"], { error: "Choose how you will pay." }),
  note: optionalText("Keep the note to 500 characters.", 500),
  expected_total: z
    .string({ error: NOT_PLACED })
    .regex(/^\d{1,12}(\.\d{1,4})?$/, NOT_PLACED)
    .transform(Number),
  // Ticked boxes of 'Pay with wallet' (absent when not ticked).
  use_wallet: z.literal("true", { error: NOT_PLACED }).optional(),
  use_reward: z.literal("true", { error: NOT_PLACED }).optional(),
});

const checkoutForm = z.discriminatedUnion("intent", [...cartForms, placeForm], { error: NOT_PLACED });

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
  const form = await readForm(request, checkoutForm);
  if (!form.ok) return refused({ ok: false, message: form.message });
  if (form.data.intent !== "place") return applyCartForm(context, form.data, "/checkout");
  const { key, intent: _, note, address_id, fulfillment, use_wallet, use_reward, ...rest } = form.data;
  const response = await context.origin.api["place-order"].$post({
    header: { "idempotency-key": key },
    json: {
      ...rest,
      fulfillment,
      ...(fulfillment === "delivery" && address_id ? { address_id } : {}),
      ...(note ? { note } : {}),
      use_wallet: use_wallet === "true",
      use_reward: use_reward === "true",
    },
  });
  signOutOn401(context, request, response);
  if (!response.ok) {
    const refusal = await accountRefusal(response);
    return refused({ ok: false, message: refusal.message }, refusal.retryAfter);
  }
  const { order } = await response.json();
  context.shopper.setCartCount(0);
  return redirect(afterPlacing(order), 303);
}
