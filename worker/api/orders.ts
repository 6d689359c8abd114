import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { listCustomerOrders } from "../orders/order-list";
import { customerOf, customerOnly } from "./customer";
import { pagingQuery, toPaging } from "./paging";
import { validate } from "./validate";

/** A customer's orders (spec section 7: get-all-orders). Placing and paying for them is the checkout's. */
export const ordersApi = new Hono<AppEnv>()
  .use("/get-all-orders", customerOnly)
  .get("/get-all-orders", validate("query", z.object(pagingQuery)), async (c) => {
    const orders = await listCustomerOrders(c.env.DB, c.var.tenant.id, customerOf(c).customerId, toPaging(c.req.valid("query")));
    return c.json(orders, 200, { "Cache-Control": "private, no-store" });
  });
