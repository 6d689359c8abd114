import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { withoutLanguagePrefix } from "../../commerce/languages";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { Attempt } from "../../worker/origin/page-origin";
import type { CartBadge } from "../route-data";
import { pageTranslator } from "./page-translator.server";

/** A refused cart change, for the page to show (spec section 8's texts where it gives them). */
export interface CartRefusal {
  ok: false;
  message: string;
}

/** A refusal as the page answers it: `retryAfter` (seconds, from the API) when the shopper was throttled. */
export type CartChangeRefused = CartRefusal & { retryAfter?: string };

/**
 * A cart change's attempt as the page reads it: the new cart, or the shopper's message in the page's language. 429 has
 * the spec's text and the wait; `fallback` is the spec's text for this change where it has one ('Error remove item from
 * cart'), already translated. A failure of the store itself is the error page, not a message beside the cart.
 */
export function cartChangeOf(
  context: AppLoadContext,
  attempt: Attempt<CartAnswer>,
  fallback?: string,
): { ok: true; cart: CartAnswer } | CartChangeRefused {
  if (attempt.ok) return { ok: true, cart: attempt.value };
  const t = pageTranslator(context);
  if (attempt.status === 429) return { ok: false, message: t("cart.too_many_requests"), retryAfter: attempt.retryAfter ?? "60" };
  if (attempt.status >= 500) throw new Response(t("cart.store_unavailable"), { status: 502 });
  // 422: the shopper's input; 409: the branch does not sell the product; 403: the store is closed. All for the shopper.
  if (attempt.status === 422 || attempt.status === 409 || attempt.status === 403) return { ok: false, message: attempt.message };
  return { ok: false, message: fallback ?? t("cart.not_changed") };
}

/** POST → 303 → GET: a successful change shows the cart again, with the badge's count updated. */
export function backToCart(context: AppLoadContext, cart: CartAnswer, to = "/cart") {
  context.shopper.setCartCount(cart.cartDetails.item_count);
  return redirect(to, 303);
}

/** A cart read: the priced cart, or spec section 8's 'Cart Fetch Error' when the store could not read it. */
export type CartRead = { ok: true; cart: CartAnswer } | CartRefusal;

/**
 * Reads the shopper's cart. A failed read (the API's error answer, or an origin out of reach) is the spec's
 * 'Cart Fetch Error' for the page to show, not an error page: the cart page and the nav badge say it in place.
 */
export async function readCart(context: AppLoadContext): Promise<CartRead> {
  try {
    return { ok: true, cart: await context.origin.cart() };
  } catch {
    return { ok: false, message: pageTranslator(context)("cart.fetch_error") };
  }
}

/** The badge after a cart read, with the badge's cookie kept in step with a read that worked. */
export function cartBadgeOf(context: AppLoadContext, read: CartRead): CartBadge {
  if (!read.ok) return { count: 0, error: read.message };
  context.shopper.setCartCount(read.cart.cartDetails.item_count);
  return { count: read.cart.cartDetails.item_count, error: null };
}

/**
 * The badge for the root loader. Spec section 7: the cart is fetched on the home's load, so the home's badge is the
 * cart's own count (right across devices for a customer signed in on several); other pages show the count the last
 * cart answer left in the badge's cookie, and pages that read the cart give theirs (`cartBadge` in their data). A
 * visitor with no guest id and no session has no cart: nothing is read, and the anonymous page cache still serves them.
 */
export async function rootCartBadge(context: AppLoadContext, request: Request): Promise<CartBadge> {
  const shopper = context.shopper.current;
  const mayHaveCart = shopper.kind === "customer" || shopper.guestId !== null;
  if (!mayHaveCart || withoutLanguagePrefix(new URL(request.url).pathname) !== "/")
    return { count: context.shopper.cartCount, error: null };
  return cartBadgeOf(context, await readCart(context));
}
