import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OrderAnswer } from "../../worker/orders/order-answer";
import { requireCustomer, signOutOn401 } from "./account.server";
import { readOrigin } from "./origin.server";

/**
 * One of the signed-in customer's orders for a page: a signed-out shopper goes to /login and back, and an id that
 * is not theirs, or could not be an order's at all (the API's 400), is the 404 page.
 */
export async function loadOrder(context: AppLoadContext, request: Request, orderId: string | undefined): Promise<OrderAnswer> {
  requireCustomer(context, request);
  const response = await context.origin.api["get-single-order"].$get({ query: { order_id: orderId ?? "" } });
  signOutOn401(context, request, response);
  // The client's types know only the success statuses; the API answers others too.
  if ((response.status as number) === 400) throw new Response("We could not find this order.", { status: 404 });
  return await readOrigin(response);
}
