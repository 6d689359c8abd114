import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OriginContext } from "../../worker/api/origin-context";
import type { OrderAnswer } from "../../worker/orders";
import { pageOrigin } from "../../worker/origin/page-origin";
import { resolveTenant } from "../../worker/tenancy/resolve-tenant";
import { call, lastMessageTo } from "./accounts-helpers";
import { newKey, PANEER, place, placedOrder, shopperWithCart, totalAt } from "./checkout-helpers";
import { configureRazorpay, customerWithOrder, gatewayPays, payCall, payEnv, startPayment } from "./payments-helpers";
import { json } from "./request";

/**
 * Decision 066 for orders, payments and the wallet: a page calls these operations as functions, and what it gets (or
 * is refused) must be what /api answers for the same store, branch and customer.
 */

/** The context a page's load context makes for a signed-in customer of the food store at its first branch. */
async function customerPage(customer: { id: number; token: string }, environment: typeof env = env): Promise<OriginContext> {
  const ctx = createExecutionContext();
  const tenant = await resolveTenant(environment, "food.localhost", (promise) => ctx.waitUntil(promise));
  if (!tenant) throw new Error("the food store is not served");
  return {
    env: environment,
    ctx,
    tenant,
    branchId: 1,
    language: "en",
    shopperFor: () => ({ kind: "customer", customerId: customer.id, token: customer.token }),
    client: "direct",
    site: { host: "food.localhost", origin: "http://food.localhost" },
  };
}

/** What the HTTP transport answers for the customer's GET, parsed. */
async function overHttp(path: string, token: string): Promise<unknown> {
  const response = await call(`${path}${path.includes("?") ? "&" : "?"}branch_id=1`, { method: "GET", token });
  expect(response.status).toBe(200);
  return response.json();
}

const finished = (o: OriginContext) => waitOnExecutionContext(o.ctx as ExecutionContext);

describe("the page's order operations", () => {
  it("read what /api reads: the orders, one order, its tracking, checkout's options and the wallets", async () => {
    const { token, id, order } = await placedOrder();
    const o = await customerPage({ id, token });
    const page = pageOrigin(o);
    expect(await page.allOrders({ page: "1", per_page: "20" })).toEqual(await overHttp("/api/get-all-orders?page=1&per_page=20", token));
    expect(await page.singleOrder({ order_id: order.id })).toEqual(await overHttp(`/api/get-single-order?order_id=${order.id}`, token));
    expect(await page.singleOrderToTrack({ order_id: order.id })).toEqual(
      await overHttp(`/api/get-single-order-to-track?order_id=${order.id}`, token),
    );
    expect(await page.checkoutOptions()).toEqual(await overHttp("/api/checkout-options", token));
    expect(await page.checkWallet()).toEqual(await overHttp("/api/check-wallet", token));
    expect(await page.walletHistory({ wallet: "reward" })).toEqual(await overHttp("/api/user/wallet-history?wallet=reward", token));
    await finished(o);
  });

  it("place an order with the checkout's key, which /api then answers as the same order, and tell the customer", async () => {
    const me = await shopperWithCart([[PANEER, 1]]);
    const total = await totalAt(me.token, me.addressId);
    const key = newKey();
    const body = { fulfillment: "delivery" as const, address_id: me.addressId, payment_method: "cod" as const, expected_total: total };
    const o = await customerPage(me);
    const placed = await pageOrigin(o).placeOrder({ ...body, idempotency_key: key });
    await finished(o);
    expect(placed.replayed).toBe(false);
    expect(placed.order.status).toBe("placed");
    expect(placed.order).toEqual(await overHttp(`/api/get-single-order?order_id=${placed.order.id}`, me.token));

    const again = await place(me.token, key, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json<{ order: OrderAnswer }>(again)).order).toEqual(placed.order);

    // The order's transition ran its effects with the page's effects context, the customer's message after the answer.
    const customer = await env.DB.prepare("SELECT email FROM customers WHERE id = ?1").bind(me.id).first<{ email: string }>();
    const message = await lastMessageTo(customer!.email);
    expect(message?.subject).toBe(`Order ${placed.order.number} is placed`);
    expect(message?.body).toContain(`http://food.localhost/track-order/${placed.order.id}`);
  });

  it("cancel the customer's order and put its lines back in the cart, as /api answers them", async () => {
    const { token, id, order } = await placedOrder([[PANEER, 2]]);
    const o = await customerPage({ id, token });
    const page = pageOrigin(o);
    const reordered = await page.reorder({ order_id: order.id });
    expect([reordered.added, reordered.skipped]).toEqual([1, 0]);
    expect(reordered.cart).toEqual(await overHttp("/api/get-cart", token));
    const cancelled = await page.cancelOrder({ order_id: order.id, reason: "Ordered twice" });
    await finished(o);
    expect(cancelled.order.status).toBe("cancelled");
    expect(cancelled.order).toEqual(await overHttp(`/api/get-single-order?order_id=${order.id}`, token));
  });
});

describe("a refused order operation, as a page's attempt answers it", () => {
  it("has /api's status, code and message: a changed total, an order not delivered yet, another's order", async () => {
    const me = await shopperWithCart([[PANEER, 1]]);
    const stale = { fulfillment: "delivery" as const, address_id: me.addressId, payment_method: "cod" as const, expected_total: 1 };
    const page = pageOrigin(await customerPage(me));
    const overApi = await json<{ code: string; message: string }>(await place(me.token, newKey(), stale));
    const changed = await page.attempt.placeOrder({ ...stale, idempotency_key: newKey() });
    expect(changed).toEqual({ ok: false, status: 409, code: "price_changed", message: overApi.message });
    expect(overApi.code).toBe("price_changed");

    const { token, id, order } = await placedOrder();
    const mine = pageOrigin(await customerPage({ id, token }));
    const rate = { order_id: order.id, order_line_id: order.items[0]!.id, rating: 5, review: "" };
    const rateOverApi = await call("/api/rate-order-item", { token, body: rate });
    expect(rateOverApi.status).toBe(422);
    expect(await mine.attempt.rateOrderItem(rate)).toEqual({
      ok: false,
      status: 422,
      ...(await json<{ code: string; message: string }>(rateOverApi)),
    });

    const foreign = await page.attempt.singleOrder({ order_id: order.id });
    expect(foreign).toEqual({ ok: false, status: 404, code: "order_not_found", message: "We could not find this order." });
    expect(await page.attempt.singleOrder({ order_id: "not-an-order" })).toMatchObject({ ok: false, status: 400, code: "invalid_input" });
  });
});

describe("the page's payment operations", () => {
  it("start a payment at the (fake) gateway and apply its signed result, as /api answers them", async () => {
    await configureRazorpay();
    const { token, customerId, order } = await customerWithOrder();
    const o = await customerPage({ id: customerId, token }, payEnv());
    const page = pageOrigin(o);
    const step = await page.razorpayPay({ order_id: order.publicId });
    expect(step).toEqual(await startPayment(token, order.publicId));
    const { fields } = await gatewayPays(step.razorpay_order_id);
    const answer = await page.razorpayProcessPayment({
      order_id: order.publicId,
      razorpay_order_id: fields.razorpay_order_id!,
      razorpay_payment_id: fields.razorpay_payment_id!,
      razorpay_signature: fields.razorpay_signature!,
    });
    await finished(o);
    expect(answer.payment_status).toBe("paid");
    const overApi = await payCall(`/api/get-single-order?order_id=${order.publicId}`, { method: "GET", token });
    expect(answer).toEqual(await overApi.json());
  });
});
