import { data, redirect } from "@remix-run/cloudflare";
import { TOO_MANY_REQUESTS } from "../../worker/api/rate-limit";
import type { CartAnswer } from "../../worker/cart/cart-answer";

/** The item count for the nav badge, kept in a cookie by every cart change so no page has to load the cart. */
const COUNT_COOKIE = "cart_count";

export function cartCountFromRequest(request: Request): number {
  const match = /(?:^|;\s*)cart_count=(\d{1,4})(?:;|$)/.exec(request.headers.get("Cookie") ?? "");
  return match ? Number(match[1]) : 0;
}

export function cartCountCookie(cart: CartAnswer): string {
  return `${COUNT_COOKIE}=${cart.cartDetails.item_count}; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax`;
}

/** A refused cart change, for the page to show (spec section 8's texts where it gives them). */
export interface CartRefusal {
  ok: false;
  message: string;
}

/**
 * Reads the API's answer to a cart change: the new cart, or the shopper's message. 429 has the spec's
 * text; `fallback` is the spec's text for this change where it has one ('Error remove item from cart').
 */
export async function readCartChange(
  response: { ok: boolean; status: number; json(): Promise<unknown> },
  fallback = "The cart could not be changed. Please try again.",
): Promise<{ ok: true; cart: CartAnswer } | CartRefusal> {
  if (response.ok) return { ok: true, cart: (await response.json()) as CartAnswer };
  if (response.status === 429) return { ok: false, message: TOO_MANY_REQUESTS };
  if (response.status >= 500) throw new Response("The store could not answer just now.", { status: 502 });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return { ok: false, message: response.status === 422 && body?.message ? body.message : fallback };
}

/** POST → 303 → GET: a successful change shows the cart again, with the badge's count updated. */
export function backToCart(cart: CartAnswer, to = "/cart") {
  return redirect(to, { status: 303, headers: { "Set-Cookie": cartCountCookie(cart) } });
}

export function refused(refusal: CartRefusal) {
  return data(refusal, { status: 422 });
}
