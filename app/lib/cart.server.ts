import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { refusalOf } from "./api-refusal";

/** A refused cart change, for the page to show (spec section 8's texts where it gives them). */
export interface CartRefusal {
  ok: false;
  message: string;
}

/** A refusal as the page answers it: `retryAfter` (seconds, from the API) when the shopper was throttled. */
export type CartChangeRefused = CartRefusal & { retryAfter?: string };

/**
 * Reads the API's answer to a cart change: the new cart, or the shopper's message. 429 has the spec's
 * text; `fallback` is the spec's text for this change where it has one ('Error remove item from cart').
 */
export async function readCartChange(
  response: { ok: boolean; status: number; headers: Headers; json(): Promise<CartAnswer> },
  fallback = "The cart could not be changed. Please try again.",
): Promise<{ ok: true; cart: CartAnswer } | CartChangeRefused> {
  if (response.ok) return { ok: true, cart: await response.json() };
  if (response.status === 429) return { ok: false, message: TOO_MANY_REQUESTS, retryAfter: response.headers.get("Retry-After") ?? "60" };
  if (response.status >= 500) throw new Response("The store could not answer just now.", { status: 502 });
  const { message } = await refusalOf(response);
  // 422: the shopper's input; 409: the branch does not sell the product; 403: the store is closed. All for the shopper.
  return {
    ok: false,
    message: (response.status === 422 || response.status === 409 || response.status === 403) && message ? message : fallback,
  };
}

/** POST → 303 → GET: a successful change shows the cart again, with the badge's count updated. */
export function backToCart(context: AppLoadContext, cart: CartAnswer, to = "/cart") {
  context.shopper.setCartCount(cart.cartDetails.item_count);
  return redirect(to, 303);
}
