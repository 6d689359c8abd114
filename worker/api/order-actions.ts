import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { MAX_ID } from "../../commerce/ids";
import { writtenText } from "../../commerce/typed-text";
import * as z from "../../commerce/zod";
import { customerDetails } from "../accounts/customers";
import type { AppEnv } from "../app-env";
import { ApiError, orderNotFound } from "../http/errors";
import { cancelForCustomer } from "../order-life";
import {
  type CancelAnswer,
  findOrder,
  loadOrderAnswer,
  loadTracking,
  type RatingAnswer,
  rateOrderLine,
  reviewAuthor,
  type TrackingAnswer,
} from "../orders";
import { effectsContextOf } from "./background";
import { customerOnly, customerScope } from "./customer";
import { orderId } from "./orders";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * What a customer does to their own order after placing it (cancel it, rate what came), and following any order by
 * its id. Another customer's or another store's order id is 404 with nothing changed, like an unknown one.
 */

export const cancelBody = z.object({ order_id: orderId, reason: writtenText(500) });
export const rateBody = z.object({
  order_id: orderId,
  order_line_id: z.number().check(z.int(), z.gte(1), z.lte(MAX_ID)),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  review: writtenText(1000),
});
export const trackQuery = z.object({ order_id: orderId });

/** POST /api/cancel-order: the customer cancels their order within its window; a paid one is refunded. */
export async function cancelOrderOf(o: OriginContext, body: z.output<typeof cancelBody>): Promise<CancelAnswer> {
  const { owner } = customerScope(o);
  const order = (await findOrder(o.env.DB, o.tenant.id, body.order_id, owner)) ?? orderNotFound();
  const outcome = await cancelForCustomer(o.env, o.tenant, order, body.reason, effectsContextOf(o));
  if (!outcome.ok) throw new ApiError(422, "cannot_cancel", outcome.message);
  const answer = (await loadOrderAnswer(o.env.DB, o.tenant, body.order_id, owner, translatorOf(o.language))) ?? orderNotFound();
  return { order: answer, refund_due: outcome.refundDue };
}

/** POST /api/rate-order-item: the customer rates a line of their delivered order, once. */
export async function rateOrderItemOf(o: OriginContext, body: z.output<typeof rateBody>): Promise<RatingAnswer> {
  const { customerId, owner } = customerScope(o);
  const tenantId = o.tenant.id;
  const order = (await findOrder(o.env.DB, tenantId, body.order_id, owner)) ?? orderNotFound();
  if (order.status !== "delivered") throw new ApiError(422, "not_delivered", message("errors.not_delivered_yet"));
  const details = await customerDetails(o.env.DB, tenantId, customerId);
  const outcome = await rateOrderLine(o.env.DB, tenantId, order.id, body.order_line_id, {
    rating: body.rating,
    review: body.review,
    author: reviewAuthor(details?.name ?? ""),
  });
  if (outcome.ok) return outcome.rating;
  if (outcome.reason === "rated") throw new ApiError(409, "already_rated", message("errors.already_rated"));
  throw new ApiError(404, "line_not_found", message("errors.no_such_order_line"));
}

/** GET /api/get-single-order-to-track: where any order is now, for whoever holds its id. */
export async function orderToTrackOf(o: OriginContext, query: z.output<typeof trackQuery>): Promise<TrackingAnswer> {
  return (await loadTracking(o.env.DB, o.tenant.id, query.order_id, translatorOf(o.language))) ?? orderNotFound();
}

export const orderActionsApi = new Hono<AppEnv>()
  .use("/cancel-order", customerOnly)
  .use("/rate-order-item", customerOnly)
  .post("/cancel-order", validate("json", cancelBody), async (c) =>
    c.json(await cancelOrderOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post("/rate-order-item", validate("json", rateBody), async (c) =>
    c.json(await rateOrderItemOf(originContextOf(c), c.req.valid("json")), 201, PRIVATE_ANSWER),
  )
  .get("/get-single-order-to-track", validate("query", trackQuery), async (c) =>
    c.json(await orderToTrackOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  );
