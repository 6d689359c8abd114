import { Hono } from "hono";
import { z } from "zod";
import { writtenText } from "../../commerce/typed-text";
import { customerDetails } from "../accounts/customers";
import type { AppEnv } from "../app-env";
import { cancelForCustomer } from "../order-life/order-actions";
import type { CancelAnswer } from "../orders/cancel-order";
import { rateOrderLine, reviewAuthor } from "../orders/order-ratings";
import { findOrder, loadOrderAnswer } from "../orders/order-read";
import { loadTracking } from "../orders/tracking";
import { moveSite } from "./background";
import { customerOnly, customerScope } from "./customer";
import { ApiError, orderNotFound } from "./errors";
import { orderId } from "./orders";
import { originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * What a customer does to their own order after placing it (cancel it, rate what came), and following any order by
 * its id. Another customer's or another store's order id is 404 with nothing changed, like an unknown one.
 */
export const orderActionsApi = new Hono<AppEnv>()
  .use("/cancel-order", customerOnly)
  .use("/rate-order-item", customerOnly)
  .post("/cancel-order", validate("json", z.object({ order_id: orderId, reason: writtenText(500) })), async (c) => {
    const { order_id, reason } = c.req.valid("json");
    const { owner } = customerScope(originContextOf(c));
    const tenantId = c.var.tenant.id;
    const order = (await findOrder(c.env.DB, tenantId, order_id, owner)) ?? orderNotFound();
    const outcome = await cancelForCustomer(c.env, c.var.tenant, order, reason, moveSite(originContextOf(c)));
    if (!outcome.ok) throw new ApiError(422, "cannot_cancel", outcome.message);
    const answer = (await loadOrderAnswer(c.env.DB, c.var.tenant, order_id, owner)) ?? orderNotFound();
    return c.json({ order: answer, refund_due: outcome.refundDue } satisfies CancelAnswer, 200, PRIVATE_ANSWER);
  })
  .post(
    "/rate-order-item",
    validate(
      "json",
      z.object({
        order_id: orderId,
        order_line_id: z.number().int().min(1).max(2_147_483_647),
        rating: z.number().int().min(1).max(5),
        review: writtenText(1000),
      }),
    ),
    async (c) => {
      const body = c.req.valid("json");
      const { customerId, owner } = customerScope(originContextOf(c));
      const tenantId = c.var.tenant.id;
      const order = (await findOrder(c.env.DB, tenantId, body.order_id, owner)) ?? orderNotFound();
      if (order.status !== "delivered") throw new ApiError(422, "not_delivered", "Items can be rated once the order is delivered.");
      const details = await customerDetails(c.env.DB, tenantId, customerId);
      const outcome = await rateOrderLine(c.env.DB, tenantId, order.id, body.order_line_id, {
        rating: body.rating,
        review: body.review,
        author: reviewAuthor(details?.name ?? ""),
      });
      if (outcome.ok) return c.json(outcome.rating, 201, PRIVATE_ANSWER);
      if (outcome.reason === "rated") throw new ApiError(409, "already_rated", "You have already rated this item.");
      throw new ApiError(404, "line_not_found", "This order has no such item.");
    },
  )
  .get("/get-single-order-to-track", validate("query", z.object({ order_id: orderId })), async (c) => {
    const tracking = (await loadTracking(c.env.DB, c.var.tenant.id, c.req.valid("query").order_id)) ?? orderNotFound();
    return c.json(tracking, 200, PRIVATE_ANSWER);
  });
