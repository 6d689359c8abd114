import type { AppLoadContext } from "@remix-run/cloudflare";
import { isPublicId } from "../../commerce/ids";
import type { OrderAnswer } from "../../worker/orders";
import { customerRead, requireCustomer } from "./account.server";

/**
 * One of the signed-in customer's orders for a page: a signed-out shopper goes to /login and back, and an id that
 * is not theirs, or could not be an order's at all, is the 404 page.
 */
export async function loadOrder(context: AppLoadContext, request: Request, orderId: string | undefined): Promise<OrderAnswer> {
  requireCustomer(context, request);
  if (!isPublicId(orderId)) throw new Response("We could not find this order.", { status: 404 });
  return customerRead(context, request, context.origin.singleOrder({ order_id: orderId }));
}
