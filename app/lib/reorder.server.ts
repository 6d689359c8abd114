import type { AppLoadContext } from "@remix-run/cloudflare";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import { signOutOn401 } from "./account.server";
import { backToCart } from "./cart.server";
import { refused } from "./refused.server";

/**
 * "Order again": the order's lines go into the cart (POST /api/reorder) and the shopper lands on /cart, which says how
 * many lines came back and how many are no longer sold. Another's order is the 404 page; a throttled shopper reads
 * why beside the button.
 */
export async function reorderAction(context: AppLoadContext, request: Request, orderId: string) {
  const response = await context.origin.api.reorder.$post({ json: { order_id: orderId } });
  signOutOn401(context, request, response);
  // The client's types know only the success status; the API answers the others too.
  const status: number = response.status;
  if (status === 404 || status === 400) throw new Response("We could not find this order.", { status: 404 });
  if (response.ok) {
    const { cart, added, skipped } = await response.json();
    return backToCart(context, cart, `/cart?reordered=${added}&skipped=${skipped}`);
  }
  if (status === 429) return refused({ ok: false, message: TOO_MANY_REQUESTS }, response.headers.get("Retry-After") ?? "60");
  throw new Response("The store could not answer just now.", { status: 502 });
}
