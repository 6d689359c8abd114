import { type Context, Hono } from "hono";
import { issueId } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { PUBLIC_ID } from "../../commerce/ids";
import { ORDER_FILTERS } from "../../commerce/order-filter";
import { idempotencyKey, placeOrderBody, type placeOrderInput } from "../../commerce/place-order-input";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { type CartAnswer, cartAnswer } from "../cart/cart-answer";
import type { Page } from "../catalog/list-products";
import { ApiError, errorAnswer, orderNotFound } from "../http/errors";
import { placeCustomerOrder } from "../order-life";
import { listCustomerOrders, loadOrderAnswer, type OrderAnswer, type OrderSummary, PlaceOrderError, reorder } from "../orders";
import { type CheckoutOptions, checkoutOptions, onlinePaymentAvailable } from "../payments";
import { effectsContextOf } from "./background";
import { customerOf, customerOnly, customerScope } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { requireStoreOpen, storeOpenOnly } from "./store-open";
import { validate } from "./validate";

/**
 * Checkout and a customer's orders (spec section 7: place-order, get-all-orders, get-single-order; and reorder). Every
 * call is a signed-in customer's; an order id is the order's public id, and another customer's or store's is a 404.
 */

/** An order's public id. */
export const orderId = z.string().check(z.regex(PUBLIC_ID, issueId("errors.must_be_order_id")));

export const ordersQuery = z.object({ ...pagingQuery, status: z.optional(z.enum(ORDER_FILTERS)) });
export const orderQuery = z.object({ order_id: orderId });
export const reorderBody = z.object({ order_id: orderId });

/** What "Order again" answers: the cart after it, and how many lines came back and how many are no longer sold. */
export interface ReorderAnswer {
  cart: CartAnswer;
  added: number;
  skipped: number;
}

/** Refusals that come with the cart as it is now, so the shopper sees what changed. */
const WITH_CART = new Set(["price_changed", "cart_changed", "coupon_unavailable", "unavailable_items", "out_of_stock", "unserviceable"]);
/** Refusals the shopper resolves by looking again: what they saw changed while they placed the order. */
const CONFLICTS = new Set(["price_changed", "cart_changed", "wallet_changed", "out_of_stock"]);

/** A refused order, nothing placed: 409 for what changed since the shopper looked, else 422. */
class OrderRefused extends ApiError {
  constructor(readonly refusal: PlaceOrderError) {
    super(CONFLICTS.has(refusal.code) ? 409 : 422, refusal.code, refusal.text);
  }
}

/** A refused order as HTTP answers it: with the cart as it is now when that shows what changed. */
async function refusalAnswer(c: Context<AppEnv>, o: OriginContext, error: OrderRefused) {
  const status = error.status as 409 | 422;
  const body = { code: error.code, message: errorAnswer(error, o.language)!.body.message };
  if (!WITH_CART.has(error.code)) return c.json(body, status, PRIVATE_ANSWER);
  const cart = await cartAnswer(o.env.DB, customerScope(o).scope, o.tenant, translatorOf(o.language));
  return c.json({ ...body, cart }, status, PRIVATE_ANSWER);
}

async function orderOr404(o: OriginContext, publicId: string): Promise<OrderAnswer> {
  const order = await loadOrderAnswer(o.env.DB, o.tenant, publicId, customerScope(o).owner, translatorOf(o.language));
  if (!order) orderNotFound();
  return order;
}

/** GET /api/checkout-options: how the customer may receive and pay for the cart at this branch. */
export async function checkoutOptionsOf(o: OriginContext): Promise<CheckoutOptions> {
  customerOf(o);
  await requireStoreOpen(o);
  return checkoutOptions(o.env, o.tenant, o.branchId, translatorOf(o.language));
}

/** POST /api/place-order: the customer's cart placed once per key; `replayed` when the key had placed it already. */
export async function placeOrderOf(
  o: OriginContext,
  input: z.output<typeof placeOrderInput>,
): Promise<{ order: OrderAnswer; replayed: boolean }> {
  const { customerId, scope } = customerScope(o);
  await requireStoreOpen(o);
  await throttle(o, "order", scope.owner);
  const { idempotency_key, ...request } = input;
  try {
    const online = request.payment_method === "online" && (await onlinePaymentAvailable(o.env, o.tenant));
    const { placed, answer } = await placeCustomerOrder(
      o.env,
      o.tenant,
      scope,
      customerId,
      idempotency_key,
      request,
      online,
      effectsContextOf(o),
    );
    return { order: answer ?? (await orderOr404(o, placed.publicId)), replayed: placed.replayed };
  } catch (error) {
    if (error instanceof PlaceOrderError) throw new OrderRefused(error);
    throw error;
  }
}

/** GET /api/get-all-orders: a page of the customer's orders, newest first. */
export function ordersOf(o: OriginContext, query: z.output<typeof ordersQuery>): Promise<Page<OrderSummary>> {
  const { customerId } = customerOf(o);
  return listCustomerOrders(o.env.DB, o.tenant, customerId, toPaging(query), query.status ?? null, translatorOf(o.language));
}

/** GET /api/get-single-order: one of the customer's orders. */
export function orderOf(o: OriginContext, query: z.output<typeof orderQuery>): Promise<OrderAnswer> {
  return orderOr404(o, query.order_id);
}

/** POST /api/reorder: an order's lines into the customer's cart, a cart change like any other (the cart's budget). */
export async function reorderOf(o: OriginContext, body: z.output<typeof reorderBody>): Promise<ReorderAnswer> {
  const { scope } = customerScope(o);
  await requireStoreOpen(o);
  await throttle(o, "cart", scope.owner);
  const done = await reorder(o.env.DB, scope, body.order_id);
  if (!done) orderNotFound();
  const cart = await cartAnswer(o.env.DB, scope, o.tenant, translatorOf(o.language));
  return { cart, added: done.added, skipped: done.skipped };
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
  .get("/checkout-options", async (c) => c.json(await checkoutOptionsOf(originContextOf(c)), 200, PRIVATE_ANSWER))
  .post(
    "/place-order",
    validate("header", z.object({ "idempotency-key": idempotencyKey })),
    validate("json", placeOrderBody),
    async (c) => {
      const o = originContextOf(c);
      const input = { ...c.req.valid("json"), idempotency_key: c.req.valid("header")["idempotency-key"] };
      try {
        const { order, replayed } = await placeOrderOf(o, input);
        if (replayed) return c.json({ order }, 200, { ...PRIVATE_ANSWER, "Idempotent-Replayed": "true" });
        return c.json({ order }, 201, PRIVATE_ANSWER);
      } catch (error) {
        if (error instanceof OrderRefused) return refusalAnswer(c, o, error);
        throw error;
      }
    },
  )
  .get("/get-all-orders", validate("query", ordersQuery), async (c) =>
    c.json(await ordersOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .get("/get-single-order", validate("query", orderQuery), async (c) =>
    c.json(await orderOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .post("/reorder", validate("json", reorderBody), async (c) =>
    c.json(await reorderOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  );
