import type { AppLoadContext } from "@remix-run/cloudflare";
import { signOutOn401 } from "./account.server";
import { backToCart } from "./cart.server";
import { pageTranslator } from "./page-translator.server";
import { refused } from "./refused.server";

/**
 * "Order again": the order's lines go into the cart (POST /api/reorder) and the shopper lands on /cart, which says how
 * many lines came back and how many are no longer sold. Another's order is the 404 page; a throttled shopper reads
 * why beside the button.
 */
export async function reorderAction(context: AppLoadContext, request: Request, orderId: string) {
  const attempt = await context.origin.attempt.reorder({ order_id: orderId });
  if (attempt.ok) {
    const { cart, added, skipped } = attempt.value;
    return backToCart(context, cart, `/cart?reordered=${added}&skipped=${skipped}`);
  }
  signOutOn401(context, request, attempt);
  if (attempt.status === 404 || attempt.status === 400) throw new Response("We could not find this order.", { status: 404 });
  const t = pageTranslator(context);
  if (attempt.status === 429) return refused({ ok: false, message: t("cart.too_many_requests") }, attempt.retryAfter ?? "60");
  throw new Response(t("cart.store_unavailable"), { status: 502 });
}
