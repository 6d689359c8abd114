import type { AppLoadContext } from "@remix-run/cloudflare";
import { REMOVE_FAILED } from "../../commerce/messages";
import * as z from "../../commerce/zod";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { translatorOf } from "../../worker/i18n/translators";
import type { Attempt } from "../../worker/origin/page-origin";
import { backToCart, cartChangeOf } from "./cart.server";
import type { CartFormRefusal, PlaceOption } from "./delivery-place";
import { placeDelivery } from "./delivery-place.server";
import { idField, numberField, optionalText, requiredText, wholeNumberField } from "./form-fields.server";
import { readForm } from "./form-reader.server";
import { NO_POSITION } from "./location";
import { refused } from "./refused.server";

const NOT_CHANGED = "The cart could not be changed. Please try again.";
const ADDRESS_GONE = "That address is no longer saved. Please choose another.";
const PLACE_NEEDED = "Type your area or street, then search.";
/** The geocoder's own limit on a query (worker/api/geocoding.ts). */
const PLACE_LENGTH = 200;

/** The /cart page's forms (app/components/cart/), one per `intent`; /checkout shares the delivery ones. */
export const cartForms = [
  z.object({ intent: z.literal("quantity"), cart_id: idField(NOT_CHANGED), quantity: wholeNumberField(NOT_CHANGED) }),
  z.object({ intent: z.literal("remove"), cart_id: idField(REMOVE_FAILED) }),
  z.object({ intent: z.literal("apply-coupon"), code: requiredText("Enter a coupon code.", 100) }),
  z.object({ intent: z.literal("remove-coupon") }),
  z.object({ intent: z.literal("address"), address_id: idField("Choose one of your saved addresses.") }),
  z.object({ intent: z.literal("fulfillment"), fulfillment: z.enum(["delivery", "pickup"], { error: "Choose delivery or pickup." }) }),
  // A guest's delivery place: a pincode, a place by name, or (the browser's 'Use my current location') a position.
  z.object({ intent: z.literal("location"), pincode: requiredText("Enter a pincode, or search for your place.", 20) }),
  z.object({
    intent: z.literal("find-place"),
    place: requiredText(PLACE_NEEDED, PLACE_LENGTH),
    place_id: optionalText(PLACE_NEEDED, 300),
  }),
  z.object({ intent: z.literal("position"), latitude: numberField(NO_POSITION), longitude: numberField(NO_POSITION) }),
] as const;

const cartForm = z.discriminatedUnion("intent", cartForms, { error: NOT_CHANGED });

export type CartForm = z.infer<typeof cartForm>;

/**
 * The /cart page's form actions. Each calls the cart API and then shows the cart again (POST → 303 → GET), or
 * answers 422 with the message for the shopper (429 when throttled); nothing is changed on a refusal.
 */
export async function cartAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, cartForm);
  if (!form.ok) {
    // The place search's own refusal (nothing typed) is shown beside its field, like its other messages.
    if (form.fields?.place) return refused(placeRefusal(form.fields.place, ""));
    return refused<CartFormRefusal>({ ok: false, message: form.message });
  }
  return applyCartForm(context, form.data, "/cart");
}

function placeRefusal(message: string, typed: string, choices?: PlaceOption[]): CartFormRefusal {
  return { ok: false, message, place: choices ? { typed, choices } : { typed } };
}

/** A guest's place by name: geocoded here, then delivered to like any position; what cannot be placed is said in place. */
async function placeAction(context: AppLoadContext, { place, place_id }: { place: string; place_id: string | null }, page: string) {
  const placed = await placeDelivery(context, place, place_id);
  if (!placed.ok) return refused(placeRefusal(placed.message, place, placed.places));
  const change = cartChangeOf(await context.origin.attempt.setDeliveryLocation(placed.location), NOT_CHANGED);
  return change.ok ? backToCart(context, change.cart, page) : refused(placeRefusal(change.message, place), change.retryAfter);
}

/** Applies one cart form, then goes back to `page` (/cart, or /checkout for its delivery choices). */
export async function applyCartForm(context: AppLoadContext, submitted: CartForm, page: "/cart" | "/checkout") {
  // Spec section 5: decrementing below 1 removes the item.
  if (submitted.intent === "remove" || (submitted.intent === "quantity" && submitted.quantity < 1))
    return remove(context, submitted.cart_id);
  if (submitted.intent === "find-place") return placeAction(context, submitted, page);
  const change = cartChangeOf(await cartChange(context, submitted), submitted.intent === "address" ? ADDRESS_GONE : NOT_CHANGED);
  return change.ok
    ? backToCart(context, change.cart, page)
    : refused<CartFormRefusal>({ ok: false, message: change.message }, change.retryAfter);
}

/** The cart operation a form asks for (a removal aside). */
function cartChange(
  context: AppLoadContext,
  submitted: Exclude<CartForm, { intent: "remove" | "find-place" }>,
): Promise<Attempt<CartAnswer>> {
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
    case "location":
      return origin.setDeliveryLocation({ pincode: submitted.pincode });
    case "position":
      return origin.setDeliveryLocation({ latitude: submitted.latitude, longitude: submitted.longitude });
  }
}

async function remove(context: AppLoadContext, cartId: number) {
  // Spec section 8: a failed removal says 'Error remove item from cart'.
  const removeFailed = translatorOf(context.language.messages)(REMOVE_FAILED);
  const change = cartChangeOf(await context.origin.attempt.removeFromCart(cartId), removeFailed);
  if (change.ok) return backToCart(context, change.cart);
  return refused<CartFormRefusal>({ ok: false, message: change.retryAfter ? change.message : removeFailed }, change.retryAfter);
}
