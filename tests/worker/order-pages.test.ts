import { describe, expect, it } from "vitest";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { call, newCustomer } from "./accounts-helpers";
import { cartOf, NAAN, newKey, PANEER, place, placedOrder, saveAddress, totalAt } from "./checkout-helpers";
import { insertOrder } from "./order-fixtures";
import { getPage, postForm } from "./page-session";
import { json } from "./request";

/** The pages after an order (/order-placed, an order in /account/my-orders, reorder, the list's filter), as a browser without JavaScript sees them. */

/** A pizza with sizes, crusts and dips (the food store's seed). */
const PIZZA = 26;

function session(token: string): string {
  return `session=${token}`;
}

describe("/order-placed/{order_id}", () => {
  it("confirms the customer's order: number, items, bill, address, payment, what happens next, tracking", async () => {
    const { token, order } = await placedOrder(undefined, { note: "Ring twice" });
    const response = await getPage(`/order-placed/${order.id}`, session(token));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain(`Thank you! Your order ${order.number} is placed.`);
    expect(html).toContain('data-testid="order-details"');
    for (const item of order.items) expect(html).toContain(item.name);
    expect(html.match(/data-testid="order-item"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="order-bill"');
    expect(html).toContain('data-testid="summary-total"');
    expect(html).toContain("Lakeview Apartments");
    expect(html).toContain("Ring twice");
    expect(html).toMatch(/data-testid="order-payment">Cash on delivery</);
    expect(html).toContain("The store will confirm your order shortly.");
    expect(html).toContain(`href="/track-order/${order.id}"`);
    expect(html).not.toContain('data-testid="pay-now"');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it("offers to pay an online order waiting for payment, and to try again after a failure", async () => {
    const me = await newCustomer();
    const waiting = await insertOrder({ customerId: me.id, paymentMethod: "online", status: "pending_payment" });
    const html = await (await getPage(`/order-placed/${waiting.publicId}`, session(me.token))).text();
    expect(html).toMatch(/Your order \S+ is waiting for payment\./);
    expect(html).toContain("Your order is waiting for payment.");
    expect(html).toMatch(/data-testid="order-payment">Online payment · Waiting for payment</);
    expect(html).toContain(`href="/checkout/pay/${waiting.publicId}"`);
    expect(html).toMatch(/data-testid="pay-now"[^>]*>Pay now</);

    const failed = await insertOrder({ customerId: me.id, paymentMethod: "online", status: "payment_failed", paymentStatus: "failed" });
    const again = await (await getPage(`/order-placed/${failed.publicId}`, session(me.token))).text();
    expect(again).toContain("Your payment did not go through. You can try again.");
    expect(again).toMatch(/data-testid="pay-now"[^>]*>Try again</);
  });

  it("is the 404 page for another customer's order or a malformed id, and sends a signed-out shopper to sign in", async () => {
    const { order } = await placedOrder([[PANEER, 1]]);
    const stranger = await newCustomer();
    const foreign = await getPage(`/order-placed/${order.id}`, session(stranger.token));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(order.number);
    expect((await getPage("/order-placed/not-an-order", session(stranger.token))).status).toBe(404);

    const signedOut = await getPage(`/order-placed/${order.id}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/order-placed/${order.id}`)}`);
  });
});

describe("/account/my-orders/{order_id}", () => {
  it("shows the order with its history, a tracking link and the reorder form", async () => {
    const { token, order } = await placedOrder();
    const response = await getPage(`/account/my-orders/${order.id}`, session(token));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain(`Order ${order.number}`);
    expect(html).toContain('data-testid="order-details"');
    expect(html).toMatch(/data-testid="order-history"[^>]*><li[^>]*><span[^>]*>Placed · Cash on delivery/);
    expect(html).toContain(`href="/track-order/${order.id}"`);
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*data-testid="reorder"/);
  });

  it("is the 404 page for another customer's order, and sends a signed-out shopper to sign in", async () => {
    const { order } = await placedOrder([[PANEER, 1]]);
    const stranger = await newCustomer();
    expect((await getPage(`/account/my-orders/${order.id}`, session(stranger.token))).status).toBe(404);
    const signedOut = await getPage(`/account/my-orders/${order.id}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("reorders without JavaScript: the lines go back into the cart and the shopper lands on /cart", async () => {
    const { token, order } = await placedOrder();
    expect((await cartOf(token)).cartItems).toEqual([]);
    const response = await postForm(`/account/my-orders/${order.id}`, {}, session(token));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart?reordered=2&skipped=0");
    const cart = await cartOf(token);
    expect(cart.cartItems.map((line) => [line.product_id, line.quantity])).toEqual([
      [PANEER, 1],
      [NAAN, 2],
    ]);
    const page = await (await getPage("/cart?reordered=2&skipped=0", session(token))).text();
    expect(page).toContain("2 items from your order were added to your cart.");
  });

  it("skips and counts the lines no longer sold, and says so on /cart", async () => {
    const me = await newCustomer();
    const old = await insertOrder({
      customerId: me.id,
      lines: [
        [PANEER, "Paneer", 2, 25000],
        [999_999, "A dish no longer sold", 1, 10000],
      ],
    });
    const response = await postForm(`/account/my-orders/${old.publicId}`, {}, session(me.token));
    expect(response.headers.get("Location")).toBe("/cart?reordered=1&skipped=1");
    expect((await cartOf(me.token)).cartItems.map((line) => [line.product_id, line.quantity])).toEqual([[PANEER, 2]]);
    const page = await (await getPage("/cart?reordered=1&skipped=1", session(me.token))).text();
    expect(page).toContain("1 item from your order was added to your cart. 1 is no longer available.");
  });

  it("refuses to reorder another customer's order: 404, the cart unchanged", async () => {
    const { order } = await placedOrder([[PANEER, 1]]);
    const stranger = await newCustomer();
    expect((await postForm(`/account/my-orders/${order.id}`, {}, session(stranger.token))).status).toBe(404);
    expect((await cartOf(stranger.token)).cartItems).toEqual([]);
    const signedOut = await postForm(`/account/my-orders/${order.id}`, {});
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("POST /api/reorder", () => {
  it("answers the cart with the counts; another's order or a bad id changes nothing", async () => {
    const { token, order } = await placedOrder();
    const response = await call("/api/reorder", { token, body: { order_id: order.id } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = await json<{ cart: CartAnswer; added: number; skipped: number }>(response);
    expect(answer).toMatchObject({ added: 2, skipped: 0 });
    expect(answer.cart.cartItems.map((line) => line.product_id)).toEqual([PANEER, NAAN]);

    const stranger = await newCustomer();
    const foreign = await call("/api/reorder", { token: stranger.token, body: { order_id: order.id } });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ code: "order_not_found" });
    expect((await cartOf(stranger.token)).cartItems).toEqual([]);
    expect((await call("/api/reorder", { token, body: { order_id: "short" } })).status).toBe(400);
    expect((await call("/api/reorder", { body: { order_id: order.id } })).status).toBe(401);
  });

  it("brings back a line's options as they were chosen", async () => {
    const me = await newCustomer();
    const addressId = await saveAddress(me.token);
    const choice = { selected_attributes: { 2601: 2612, 2602: 2614 }, selected_multi_attributes: { 2670: [2675] } };
    expect((await call("/api/cart/add", { token: me.token, body: { product_id: PIZZA, quantity: 2, ...choice } })).status).toBe(201);
    const before = (await cartOf(me.token)).cartItems;
    const total = await totalAt(me.token, addressId);
    const placed = await place(me.token, newKey(), {
      fulfillment: "delivery",
      address_id: addressId,
      payment_method: "cod",
      expected_total: total,
    });
    expect(placed.status).toBe(201);
    const { order } = await json<{ order: { id: string } }>(placed);
    const answer = await json<{ cart: CartAnswer; added: number }>(
      await call("/api/reorder", { token: me.token, body: { order_id: order.id } }),
    );
    expect(answer.added).toBe(1);
    const pick = (items: CartAnswer["cartItems"]) =>
      items.map(({ product_id, quantity, selectedAttributes, selectedMultiAttributes, options }) => ({
        product_id,
        quantity,
        selectedAttributes,
        selectedMultiAttributes,
        options,
      }));
    expect(pick(answer.cart.cartItems)).toEqual(pick(before));
  });
});

describe("the order list's status filter", () => {
  async function customerWithOrders() {
    const me = await newCustomer();
    const at = 1_700_000_000_000;
    const orders = {
      delivered: await insertOrder({ customerId: me.id, status: "delivered", placedAt: at }),
      cancelled: await insertOrder({ customerId: me.id, status: "cancelled", placedAt: at + 1000 }),
      placed: await insertOrder({ customerId: me.id, status: "placed", placedAt: at + 2000 }),
      waiting: await insertOrder({ customerId: me.id, status: "pending_payment", paymentMethod: "online", placedAt: at + 3000 }),
      expired: await insertOrder({ customerId: me.id, status: "expired", paymentMethod: "online", placedAt: at + 4000 }),
    };
    return { me, orders };
  }

  it("the API keeps the orders in progress with status=active", async () => {
    const { me, orders } = await customerWithOrders();
    const active = await json<{ data: { id: string }[]; total: number }>(
      await call("/api/get-all-orders?status=active", { method: "GET", token: me.token }),
    );
    expect(active.total).toBe(2);
    expect(active.data.map((o) => o.id)).toEqual([orders.waiting.publicId, orders.placed.publicId]);
    const all = await json<{ total: number }>(await call("/api/get-all-orders", { method: "GET", token: me.token }));
    expect(all.total).toBe(5);
  });

  it("filters the page with a GET form, and its pager keeps the filter", async () => {
    const { me, orders } = await customerWithOrders();
    const page = await (await getPage("/account/my-orders", session(me.token))).text();
    expect(page).toMatch(/<form method="get"[^>]*data-testid="order-filter"/);
    expect(page.match(/data-testid="order"/g)).toHaveLength(5);

    const delivered = await (await getPage("/account/my-orders?status=delivered", session(me.token))).text();
    expect(delivered.match(/data-testid="order"/g)).toHaveLength(1);
    expect(delivered).toContain(`/account/my-orders/${orders.delivered.publicId}`);
    expect(delivered).toMatch(/<option value="delivered" selected="">Delivered</);

    const active = await (await getPage("/account/my-orders?status=active", session(me.token))).text();
    expect(active.match(/data-testid="order"/g)).toHaveLength(2);
    expect(active).not.toContain(orders.expired.publicId);

    // An unknown filter is every order, not an error.
    expect((await getPage("/account/my-orders?status=nonsense", session(me.token))).status).toBe(200);
  });

  it("keeps the filter in the next page's link", async () => {
    const me = await newCustomer();
    for (let i = 0; i < 21; i++) await insertOrder({ customerId: me.id, status: "cancelled", placedAt: 1_700_000_000_000 + i });
    const html = await (await getPage("/account/my-orders?status=cancelled", session(me.token))).text();
    expect(html).toContain('href="/account/my-orders?page=2&amp;status=cancelled"');
  });
});
