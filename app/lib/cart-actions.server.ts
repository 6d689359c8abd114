import type { AppLoadContext } from "@remix-run/cloudflare";
import { backToCart, readCartChange, refused } from "./cart.server";

const ID = /^[1-9]\d{0,9}$/;
const refusal = (message: string) => refused({ ok: false, message });

/** A number typed into the location form; empty means not given. */
function coordinate(value: FormDataEntryValue | null): number | null | undefined {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The /cart page's form actions, one per intent. Each calls the cart API and then shows the cart again
 * (POST → 303 → GET), or answers 422 with the message for the shopper; nothing is changed on a refusal.
 */
export async function cartAction(context: AppLoadContext, form: FormData) {
  const api = context.origin.api;
  const intent = String(form.get("intent") ?? "");
  const cartId = String(form.get("cart_id") ?? "");
  switch (intent) {
    case "quantity": {
      const quantity = Number(form.get("quantity"));
      if (!ID.test(cartId) || !Number.isInteger(quantity)) return refusal("The cart could not be changed. Please try again.");
      // Spec section 5: decrementing below 1 removes the item.
      if (quantity < 1) return remove(context, cartId);
      const change = await readCartChange(await api.cart.update.$put({ json: { cart_id: Number(cartId), quantity } }));
      return change.ok ? backToCart(change.cart) : refused(change);
    }
    case "remove":
      return ID.test(cartId) ? remove(context, cartId) : refusal("Error remove item from cart");
    case "apply-coupon": {
      const code = String(form.get("code") ?? "").trim();
      if (!code) return refusal("Enter a coupon code.");
      const change = await readCartChange(await api.cart["apply-coupon"].$post({ json: { code } }));
      return change.ok ? backToCart(change.cart) : refused(change);
    }
    case "remove-coupon": {
      const change = await readCartChange(await api.cart.coupon.$delete());
      return change.ok ? backToCart(change.cart) : refused(change);
    }
    case "fulfillment": {
      const fulfillment = String(form.get("fulfillment") ?? "");
      if (fulfillment !== "delivery" && fulfillment !== "pickup") return refusal("Choose delivery or pickup.");
      const change = await readCartChange(await api.cart.fulfillment.$put({ json: { fulfillment } }));
      return change.ok ? backToCart(change.cart) : refused(change);
    }
    case "location": {
      const pincode = String(form.get("pincode") ?? "").trim() || null;
      const latitude = coordinate(form.get("latitude"));
      const longitude = coordinate(form.get("longitude"));
      if (latitude === undefined || longitude === undefined) return refusal("Latitude and longitude must be numbers.");
      if (pincode === null && latitude === null && longitude === null) return refusal("Enter a pincode, or a latitude and longitude.");
      const change = await readCartChange(await api.cart["delivery-location"].$put({ json: { pincode, latitude, longitude } }));
      return change.ok ? backToCart(change.cart) : refused(change);
    }
    default:
      return refusal("The cart could not be changed. Please try again.");
  }
}

async function remove(context: AppLoadContext, cartId: string) {
  const response = await context.origin.api.cart.remove[":id"].$delete({ param: { id: cartId } });
  // Spec section 8: a failed removal says 'Error remove item from cart'.
  const change = await readCartChange(response, "Error remove item from cart");
  return change.ok
    ? backToCart(change.cart)
    : refused({ ok: false, message: response.status === 429 ? change.message : "Error remove item from cart" });
}
