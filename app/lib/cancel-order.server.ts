import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { accountRefusalOf, signOutOn401 } from "./account.server";
import { refused } from "./refused.server";

/**
 * "Cancel order" on the order's page (POST /api/cancel-order): back to the order (303), which now says cancelled and,
 * when it was paid, that a refund is on its way; or the API's reason beside the button (dispatched, window passed).
 * Another's order is the 404 page.
 */
export async function cancelAction(context: AppLoadContext, request: Request, orderId: string) {
  const attempt = await context.origin.attempt.cancelOrder({ order_id: orderId });
  if (attempt.ok) return redirect(`/account/my-orders/${orderId}`, 303);
  signOutOn401(context, request, attempt);
  if (attempt.status === 404 || attempt.status === 400) throw new Response("We could not find this order.", { status: 404 });
  const refusal = accountRefusalOf(attempt);
  return refused(refusal, refusal.retryAfter);
}
