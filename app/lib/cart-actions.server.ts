import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { Attempt } from "../../worker/origin/page-origin";
import { backToCart, cartChangeOf } from "./cart.server";
import type { CartFormRefusal, PlaceOption } from "./delivery-place";
import { placeDelivery } from "./delivery-place.server";
import { idField, numberField, optionalText, requiredText, wholeNumberField } from "./form-fields.server";
import { pageTranslator } from "./page-translator.server";
import { refused } from "./refused.server";

// The forms' messages are message ids, said in the page's language when a form is refused.
const NOT_CHANGED = "cart.not_changed" satisfies MessageId;
const REMOVE_FAILED = "cart.remove_failed" satisfies MessageId;
const PLACE_NEEDED = "cart.place_needed" satisfies MessageId;
const NO_POSITION = "location.no_position" satisfies MessageId;
/** The geocoder's own limit on a query (worker/api/geocoding.ts). */
const PLACE_LENGTH = 200;

/** The /cart page's forms (app/components/cart/), one per `intent`; /checkout shares the delivery ones. */
export const cartForms = [
  z.object({ intent: z.literal("quantity"), cart_id: idField(NOT_CHANGED), quantity: wholeNumberField(NOT_CHANGED) }),
  z.object({ intent: z.literal("remove"), cart_id: idField(REMOVE_FAILED) }),
  z.object({ intent: z.literal("apply-coupon"), code: requiredText("cart.enter_coupon" satisfies MessageId, 100) }),
  z.object({ intent: z.literal("remove-coupon") }),
  z.object({ intent: z.literal("address"), address_id: idField("cart.choose_saved_address" satisfies MessageId) }),
  z.object({
    intent: z.literal("fulfillment"),
    fulfillment: z.enum(["delivery", "pickup"], { error: "cart.choose_fulfillment" satisfies MessageId }),
  }),
  // A guest's delivery place: a pincode, a place by name, or (the browser's 'Use my current location') a position.
  z.object({ intent: z.literal("location"), pincode: requiredText("cart.enter_pincode" satisfies MessageId, 20) }),
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
  const change = cartChangeOf(context, await context.origin.attempt.setDeliveryLocation(placed.location));
  return change.ok ? backToCart(context, change.cart, page) : refused(placeRefusal(change.message, place), change.retryAfter);
}

/** Applies one cart form, then goes back to `page` (/cart, or /checkout for its delivery choices). */
export async function applyCartForm(context: AppLoadContext, submitted: CartForm, page: "/cart" | "/checkout") {
  // Spec section 5: decrementing below 1 removes the item.
  if (submitted.intent === "remove" || (submitted.intent === "quantity" && submitted.quantity < 1))
    return remove(context, submitted.cart_id);
  if (submitted.intent === "find-place") return placeAction(context, submitted, page);
  const t = pageTranslator(context);
  const change = cartChangeOf(
    context,
    await cartChange(context, submitted),
    submitted.intent === "address" ? t("cart.address_gone") : undefined,
  );
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
  const removeFailed = pageTranslator(context)(REMOVE_FAILED);
  const change = cartChangeOf(context, await context.origin.attempt.removeFromCart(cartId), removeFailed);
  if (change.ok) return backToCart(context, change.cart);
  return refused<CartFormRefusal>({ ok: false, message: change.retryAfter ? change.message : removeFailed }, change.retryAfter);
}
