import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { readAccountAnswer, signOutOn401 } from "./account.server";
import { refused } from "./refused.server";

/**
 * "Cancel order" on the order's page (POST /api/cancel-order): back to the order (303), which now says cancelled and,
 * when it was paid, that a refund is on its way; or the API's reason beside the button (dispatched, window passed).
 * Another's order is the 404 page.
 */
export async function cancelAction(context: AppLoadContext, request: Request, orderId: string) {
  const response = await context.origin.api["cancel-order"].$post({ json: { order_id: orderId } });
  signOutOn401(context, request, response);
  // The client's types know only the success status; the API answers the others too.
  const status: number = response.status;
  if (status === 404 || status === 400) throw new Response("We could not find this order.", { status: 404 });
  const answer = await readAccountAnswer(response);
  if (!answer.ok) return refused(answer, answer.retryAfter);
  return redirect(`/account/my-orders/${orderId}`, 303);
}
