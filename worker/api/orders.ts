import { type Context, Hono } from "hono";
import { z } from "zod";
import { PUBLIC_ID } from "../../commerce/ids";
import { ORDER_FILTERS } from "../../commerce/order-filter";
import { writtenText } from "../../commerce/typed-text";
import type { AppEnv } from "../app-env";
import { cartAnswer } from "../cart/cart-answer";
import { placeCustomerOrder } from "../order-life/order-actions";
import { listCustomerOrders } from "../orders/order-list";
import { loadOrderAnswer } from "../orders/order-read";
import { PlaceOrderError } from "../orders/place-order";
import { reorder } from "../orders/reorder";
import { checkoutOptions } from "../payments/checkout-options";
import { onlinePaymentAvailable } from "../payments/store-gateway";
import { moveSite } from "./background";
import { customerOf, customerOnly, customerScope } from "./customer";
import { orderNotFound } from "./errors";
import { originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { storeOpenOnly } from "./store-open";
import { validate } from "./validate";

/**
 * Checkout and a customer's orders (spec section 7: place-order, get-all-orders, get-single-order; and reorder). Every
 * call is a signed-in customer's; an order id is the order's public id, and another customer's or store's is a 404.
 */

/** A client's key for one checkout attempt: 16 to 64 URL-safe characters (a UUID fits). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "must be 16 to 64 letters, digits, - or _");
/** An order's public id. */
export const orderId = z.string().regex(PUBLIC_ID, "must be an order id");

export const placeOrderBody = z.object({
  fulfillment: z.enum(["delivery", "pickup"]),
  address_id: z.number().int().positive().max(2_147_483_647).optional(),
  payment_method: z.enum(["cod", "online"]),
  note: writtenText(500).optional(),
  expected_total: z.number().nonnegative().max(1e12),
  /** Pay from the cash wallet, and from the reward wallet (up to the store's cap); the server computes how much. */
  use_wallet: z.boolean().optional(),
  use_reward: z.boolean().optional(),
});

/** Refusals that come with the cart as it is now, so the shopper sees what changed. */
const WITH_CART = new Set(["price_changed", "cart_changed", "coupon_unavailable", "unavailable_items", "out_of_stock", "unserviceable"]);

async function refusal(c: Context<AppEnv>, error: PlaceOrderError) {
  const conflicts = ["price_changed", "cart_changed", "wallet_changed", "out_of_stock"];
  const status = conflicts.includes(error.code) ? 409 : 422;
  const body = { code: error.code, message: error.message };
  if (!WITH_CART.has(error.code)) return c.json(body, status, PRIVATE_ANSWER);
  const cart = await cartAnswer(c.env.DB, customerScope(originContextOf(c)).scope, c.var.tenant);
  return c.json({ ...body, cart }, status, PRIVATE_ANSWER);
}

async function orderOr404(c: Context<AppEnv>, publicId: string) {
  const order = await loadOrderAnswer(c.env.DB, c.var.tenant, publicId, customerScope(originContextOf(c)).owner);
  if (!order) orderNotFound();
  return order;
}

export const ordersApi = new Hono<AppEnv>()
  .use("/place-order", customerOnly)
  .use("/get-all-orders", customerOnly)
  .use("/get-single-order", customerOnly)
  .use("/checkout-options", customerOnly)
  .use("/reorder", customerOnly)
  .use("/place-order", storeOpenOnly)
  .use("/checkout-options", storeOpenOnly)
  .use("/reorder", storeOpenOnly)
  .get("/checkout-options", async (c) => c.json(await checkoutOptions(c.env, c.var.tenant, c.var.branchId), 200, PRIVATE_ANSWER))
  .post(
    "/place-order",
    validate("header", z.object({ "idempotency-key": idempotencyKey })),
    validate("json", placeOrderBody),
    async (c) => {
      const { customerId, scope } = customerScope(originContextOf(c));
      await throttle(originContextOf(c), "order", scope.owner);
      const key = c.req.valid("header")["idempotency-key"];
      try {
        const request = c.req.valid("json");
        const online = request.payment_method === "online" && (await onlinePaymentAvailable(c.env, c.var.tenant));
        const { placed, answer } = await placeCustomerOrder(
          c.env,
          c.var.tenant,
          scope,
          customerId,
          key,
          request,
          online,
          moveSite(originContextOf(c)),
        );
        const order = answer ?? (await orderOr404(c, placed.publicId));
        if (placed.replayed) return c.json({ order }, 200, { ...PRIVATE_ANSWER, "Idempotent-Replayed": "true" });
        return c.json({ order }, 201, PRIVATE_ANSWER);
      } catch (error) {
        if (error instanceof PlaceOrderError) return refusal(c, error);
        throw error;
      }
    },
  )
  .get("/get-all-orders", validate("query", z.object({ ...pagingQuery, status: z.enum(ORDER_FILTERS).optional() })), async (c) => {
    const query = c.req.valid("query");
    const orders = await listCustomerOrders(
      c.env.DB,
      c.var.tenant,
      customerOf(originContextOf(c)).customerId,
      toPaging(query),
      query.status ?? null,
    );
    return c.json(orders, 200, PRIVATE_ANSWER);
  })
  .get("/get-single-order", validate("query", z.object({ order_id: orderId })), async (c) =>
    c.json(await orderOr404(c, c.req.valid("query").order_id), 200, PRIVATE_ANSWER),
  )
  .post("/reorder", validate("json", z.object({ order_id: orderId })), async (c) => {
    const { scope } = customerScope(originContextOf(c));
    // A cart change like any other: the cart's budget.
    await throttle(originContextOf(c), "cart", scope.owner);
    const done = await reorder(c.env.DB, scope, c.req.valid("json").order_id);
    if (!done) orderNotFound();
    const cart = await cartAnswer(c.env.DB, scope, c.var.tenant);
    return c.json({ cart, added: done.added, skipped: done.skipped }, 200, PRIVATE_ANSWER);
  });
