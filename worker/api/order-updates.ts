import { Hono } from "hono";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { callerLanguage, orderNotFound, tooManyRequests } from "../http/errors";
import { openStream } from "../live/open-stream";
import { findOrder } from "../orders";
import { customerOf } from "./customer";
import { webSocketOnly } from "./live-stream";
import { orderId } from "./orders";
import { originContextOf } from "./origin-context";
import { validate } from "./validate";

/**
 * Live order updates over a hibernating WebSocket (decision 051): a shopper's order pages and the owner's stream.
 * Each connection is authorised here, once, and then held by the store's live object (worker/live/).
 */

/** The last event id the client saw, to be sent what it missed; absent on a first connection. */
const after = z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)));

export const orderUpdatesApi = new Hono<AppEnv>()
  .use("/order-updates", webSocketOnly)
  .get("/order-updates", validate("query", z.object({ order_id: z.optional(orderId), after })), async (c) => {
    const query = c.req.valid("query");
    // Its messages (each move's `status_text`) are said in the caller's language, like every answer.
    const language = callerLanguage(c);
    // Without an order: the signed-in customer's own orders (My orders). With one: whoever holds its id, the
    // tracking link, as get-single-order-to-track; another store's order is not found.
    if (query.order_id === undefined)
      return openStream(
        c,
        { kind: "customer", customerId: customerOf(originContextOf(c)).customerId },
        query.after,
        language,
        tooManyRequests,
      );
    const order = (await findOrder(c.env.DB, c.var.tenant.id, query.order_id, null)) ?? orderNotFound();
    return openStream(c, { kind: "order", orderId: order.id }, query.after, language, tooManyRequests);
  });

export const ownerOrderUpdatesApi = new Hono<AppEnv>()
  .use("/order-updates", webSocketOnly)
  .get("/order-updates", validate("query", z.object({ after })), async (c) =>
    openStream(c, { kind: "store" }, c.req.valid("query").after, callerLanguage(c), tooManyRequests),
  );
