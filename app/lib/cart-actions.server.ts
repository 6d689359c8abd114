import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { REMOVE_FAILED } from "../../commerce/messages";
import { backToCart, readCartChange } from "./cart.server";
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
    .refine((l) => l.pincode !== null || l.latitude !== null || l.longitude !== null, {
      message: "Enter a pincode, or a latitude and longitude.",
    }),
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
  const api = context.origin.api;
  let response: Awaited<ReturnType<typeof api.cart.add.$post>>;
  switch (submitted.intent) {
    case "quantity":
      // Spec section 5: decrementing below 1 removes the item.
      if (submitted.quantity < 1) return remove(context, submitted.cart_id);
      response = await api.cart.update.$put({ json: { cart_id: submitted.cart_id, quantity: submitted.quantity } });
      break;
    case "remove":
      return remove(context, submitted.cart_id);
    case "apply-coupon":
      response = await api.cart["apply-coupon"].$post({ json: { code: submitted.code } });
      break;
    case "remove-coupon":
      response = await api.cart.coupon.$delete();
      break;
    case "fulfillment":
      response = await api.cart.fulfillment.$put({ json: { fulfillment: submitted.fulfillment } });
      break;
    case "address":
      response = await api.cart["delivery-location"].$put({ json: { address_id: submitted.address_id } });
      break;
    case "location": {
      const { pincode, latitude, longitude } = submitted;
      response = await api.cart["delivery-location"].$put({ json: { pincode, latitude, longitude } });
      break;
    }
  }
  const change = await readCartChange(response, submitted.intent === "address" ? ADDRESS_GONE : NOT_CHANGED);
  return change.ok ? backToCart(context, change.cart, page) : refused({ ok: false, message: change.message }, change.retryAfter);
}

async function remove(context: AppLoadContext, cartId: number) {
  const response = await context.origin.api.cart.remove[":id"].$delete({ param: { id: String(cartId) } });
  // Spec section 8: a failed removal says 'Error remove item from cart'.
  const change = await readCartChange(response, REMOVE_FAILED);
  if (change.ok) return backToCart(context, change.cart);
  return refused({ ok: false, message: change.retryAfter ? change.message : REMOVE_FAILED }, change.retryAfter);
}
