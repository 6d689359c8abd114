import type { AppLoadContext } from "@remix-run/cloudflare";
import { REMOVE_FAILED } from "../../commerce/messages";
import * as z from "../../commerce/zod";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { Attempt } from "../../worker/origin/page-origin";
import { backToCart, cartChangeOf } from "./cart.server";
import { idField, optionalNumberField, optionalText, requiredText, wholeNumberField } from "./form-fields.server";
import { readForm } from "./form-reader.server";
import { refused } from "./refused.server";

const NOT_CHANGED = "The cart could not be changed. Please try again.";
const ADDRESS_GONE = "That address is no longer saved. Please choose another.";

/** The /cart page's forms (app/components/cart/), one per `intent`; /checkout shares the delivery ones. */
export const cartForms = [
  z.object({ intent: z.literal("quantity"), cart_id: idField(NOT_CHANGED), quantity: wholeNumberField(NOT_CHANGED) }),
  z.object({ intent: z.literal("remove"), cart_id: idField(REMOVE_FAILED) }),
  z.object({ intent: z.literal("apply-coupon"), code: requiredText("Enter a coupon code.", 100) }),
  z.object({ intent: z.literal("remove-coupon") }),
  z.object({ intent: z.literal("address"), address_id: idField("Choose one of your saved addresses.") }),
  z.object({ intent: z.literal("fulfillment"), fulfillment: z.enum(["delivery", "pickup"], { error: "Choose delivery or pickup." }) }),
  z
    .object({
      intent: z.literal("location"),
      pincode: optionalText("Enter a valid pincode.", 20),
      latitude: optionalNumberField("Latitude and longitude must be numbers."),
      longitude: optionalNumberField("Latitude and longitude must be numbers."),
    })
    .check(
      z.refine((l) => l.pincode !== null || l.latitude !== null || l.longitude !== null, {
        message: "Enter a pincode, or a latitude and longitude.",
      }),
    ),
] as const;

const cartForm = z.discriminatedUnion("intent", cartForms, { error: NOT_CHANGED });

export type CartForm = z.infer<typeof cartForm>;

/**
 * The /cart page's form actions. Each calls the cart API and then shows the cart again (POST → 303 → GET), or
 * answers 422 with the message for the shopper (429 when throttled); nothing is changed on a refusal.
 */
export async function cartAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, cartForm);
  if (!form.ok) return refused({ ok: false, message: form.message });
  return applyCartForm(context, form.data, "/cart");
}

/** Applies one cart form, then goes back to `page` (/cart, or /checkout for its delivery choices). */
export async function applyCartForm(context: AppLoadContext, submitted: CartForm, page: "/cart" | "/checkout") {
  // Spec section 5: decrementing below 1 removes the item.
  if (submitted.intent === "remove" || (submitted.intent === "quantity" && submitted.quantity < 1))
    return remove(context, submitted.cart_id);
  const change = cartChangeOf(await cartChange(context, submitted), submitted.intent === "address" ? ADDRESS_GONE : NOT_CHANGED);
  return change.ok ? backToCart(context, change.cart, page) : refused({ ok: false, message: change.message }, change.retryAfter);
}

/** The cart operation a form asks for (a removal aside). */
function cartChange(context: AppLoadContext, submitted: Exclude<CartForm, { intent: "remove" }>): Promise<Attempt<CartAnswer>> {
  const origin = context.origin.attempt;
  switch (submitted.intent) {
    case "quantity":
      return origin.updateCart({ cart_id: submitted.cart_id, quantity: submitted.quantity });
    case "apply-coupon":
      return origin.applyCoupon({ code: submitted.code });
    case "remove-coupon":
      return origin.removeCoupon();
    case "fulfillment":
      return origin.setFulfillment({ fulfillment: submitted.fulfillment });
    case "address":
      return origin.setDeliveryLocation({ address_id: submitted.address_id });
    case "location": {
      const { pincode, latitude, longitude } = submitted;
      return origin.setDeliveryLocation({ pincode, latitude, longitude });
    }
  }
}

async function remove(context: AppLoadContext, cartId: number) {
  // Spec section 8: a failed removal says 'Error remove item from cart'.
  const change = cartChangeOf(await context.origin.attempt.removeFromCart(cartId), REMOVE_FAILED);
  if (change.ok) return backToCart(context, change.cart);
  return refused({ ok: false, message: change.retryAfter ? change.message : REMOVE_FAILED }, change.retryAfter);
}
