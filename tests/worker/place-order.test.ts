import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { OrderAnswer } from "../../worker/orders";
import { call, lastMessageTo, newCustomer } from "./accounts-helpers";
import { cartOf, NAAN, newKey, PANEER, place, placedOrder, saveAddress, shopperWithCart, totalAt } from "./checkout-helpers";
import { configureRazorpay } from "./payments-helpers";
import { json } from "./request";

/** Placing orders through POST /api/place-order against the food store's real catalogue, in workerd's D1. */

let foodId = 0;

beforeAll(async () => {
  foodId = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
});

async function orderCount(customerId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE tenant_id = ?1 AND owner = ?2")
    .bind(foodId, `customer:${customerId}`)
    .first<{ n: number }>();
  return row!.n;
}

describe("POST /api/place-order", () => {
  it("places a cash order once: number, lines, bill and history as priced, the cart emptied", async () => {
    const me = await shopperWithCart();
    const total = await totalAt(me.token, me.addressId);
    const key = newKey();
    const body = { fulfillment: "delivery", address_id: me.addressId, payment_method: "cod", note: "Ring twice", expected_total: total };
    const response = await place(me.token, key, body);
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { order } = await json<{ order: OrderAnswer }>(response);
    expect(order).toMatchObject({
      status: "placed",
      payment_method: "cod",
      payment_status: "cod_pending",
      fulfillment: "delivery",
      note: "Ring twice",
      can_cancel: true,
      tracking_path: `/track-order/${order.id}`,
    });
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(order.number).toMatch(/^SRK-\d+$/);
    expect(order.bill.total).toBe(total);
    expect(order.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [PANEER, 1],
      [NAAN, 2],
    ]);
    expect(order.address).toMatchObject({ pincode: "560038", line1: "Flat 402, Lakeview Apartments" });
    expect(order.history.map((h) => h.status)).toEqual(["placed"]);
    expect((await cartOf(me.token)).cartItems).toEqual([]);

    // The same key again: the same order, not a second one.
    const again = await place(me.token, key, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json<{ order: OrderAnswer }>(again)).order.id).toBe(order.id);
    expect(await orderCount(me.id)).toBe(1);

    // The same key for another request is refused.
    const other = await place(me.token, key, { ...body, note: "Something else" });
    expect(other.status).toBe(422);
    expect(await json(other)).toMatchObject({ code: "idempotency_key_reused" });

    const read = await call(`/api/get-single-order?order_id=${order.id}`, { method: "GET", token: me.token });
    expect(read.status).toBe(200);
    expect((await json<OrderAnswer>(read)).number).toBe(order.number);
  });

  it("tells the customer by mail and text, from the order as the batch that placed it read it", async () => {
    const { id, order } = await placedOrder();
    const customer = await env.DB.prepare("SELECT email, phone FROM customers WHERE id = ?1")
      .bind(id)
      .first<{ email: string; phone: string }>();
    // Sent after the answer (decision 058): looked for until it is there.
    await vi.waitFor(async () => expect((await lastMessageTo(customer!.email))?.subject).toBe(`Order ${order.number} is placed`));
    expect((await lastMessageTo(customer!.email))?.body).toContain(`http://food.localhost/track-order/${order.id}`);
    await vi.waitFor(async () =>
      expect((await lastMessageTo(customer!.phone))?.body).toBe(
        `Order ${order.number} is placed. Follow it: http://food.localhost/track-order/${order.id}`,
      ),
    );
  });

  it("numbers a store's orders in sequence", async () => {
    const a = await shopperWithCart([[PANEER, 1]]);
    const b = await shopperWithCart([[PANEER, 1]]);
    const numbers: number[] = [];
    for (const s of [a, b]) {
      const total = await totalAt(s.token, s.addressId);
      const response = await place(s.token, newKey(), {
        fulfillment: "delivery",
        address_id: s.addressId,
        payment_method: "cod",
        expected_total: total,
      });
      numbers.push(Number((await json<{ order: OrderAnswer }>(response)).order.number.slice(4)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it("makes one order from 100 concurrent requests with one key", async () => {
    const me = await shopperWithCart();
    const total = await totalAt(me.token, me.addressId);
    const key = newKey();
    const body = { fulfillment: "delivery", address_id: me.addressId, payment_method: "cod", expected_total: total };
    const responses = await Promise.all(Array.from({ length: 100 }, () => place(me.token, key, body)));
    const statuses = responses.map((r) => r.status);
    expect([...new Set(statuses)].filter((s) => s !== 201 && s !== 200 && s !== 429)).toEqual([]);
    // Every answer is the order (or the limiter's 429): never a second order, never a 500.
    expect(statuses.every((s) => s === 201 || s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const ids = new Set(
      await Promise.all(responses.filter((r) => r.ok).map(async (r) => (await json<{ order: OrderAnswer }>(r)).order.id)),
    );
    expect(ids.size).toBe(1);
    expect(await orderCount(me.id)).toBe(1);
  }, 60_000);

  it("refuses a total the shopper did not see with 409 and the new figures, and writes nothing", async () => {
    const me = await shopperWithCart();
    const total = await totalAt(me.token, me.addressId);
    const response = await place(me.token, newKey(), {
      fulfillment: "delivery",
      address_id: me.addressId,
      payment_method: "cod",
      expected_total: total - 1,
    });
    expect(response.status).toBe(409);
    const body = await json<{ code: string; message: string; cart: CartAnswer }>(response);
    expect(body.code).toBe("price_changed");
    expect(body.cart.total).toBe(total);
    expect(await orderCount(me.id)).toBe(0);
    expect((await cartOf(me.token)).cartItems).toHaveLength(2);
  });

  it("refuses what cannot be ordered, each with its message", async () => {
    const empty = await newCustomer();
    const address = { id: await saveAddress(empty.token) };
    const refusal = async (token: string, body: Record<string, unknown>, key: string | null = newKey()) => {
      const response = await place(token, key, body);
      return { status: response.status, body: await json<{ code: string; message: string }>(response) };
    };
    expect(
      await refusal(empty.token, { fulfillment: "delivery", address_id: address.id, payment_method: "cod", expected_total: 0 }),
    ).toMatchObject({
      status: 422,
      body: { code: "empty_cart", message: "Your cart is empty." },
    });

    const me = await shopperWithCart();
    const total = await totalAt(me.token, me.addressId);
    const cod = { fulfillment: "delivery", address_id: me.addressId, payment_method: "cod", expected_total: total };
    expect((await refusal(me.token, cod, null)).status).toBe(400);
    expect((await refusal(me.token, cod, "short")).status).toBe(400);
    expect((await refusal(me.token, { ...cod, address_id: undefined })).body.code).toBe("address_required");
    expect((await refusal(me.token, { ...cod, address_id: address.id })).body.code).toBe("address_not_found");
    expect((await refusal(me.token, { ...cod, payment_method: "wallet" })).status).toBe(400);
    expect((await refusal(me.token, { ...cod, expected_total: "12" })).status).toBe(400);

    const far = { id: await saveAddress(me.token, { latitude: 13.3, longitude: 77.1, pincode: "562110" }) };
    expect(await refusal(me.token, { ...cod, address_id: far.id })).toMatchObject({ status: 422, body: { code: "unserviceable" } });

    // Cash on delivery takes at most ₹3,000 in the food store.
    const big = await shopperWithCart([[PANEER, 20]]);
    const bigTotal = await totalAt(big.token, big.addressId);
    expect(
      await refusal(big.token, { fulfillment: "delivery", address_id: big.addressId, payment_method: "cod", expected_total: bigTotal }),
    ).toMatchObject({ status: 422, body: { code: "cod_limit" } });

    const guest = await call("/api/place-order", { body: cod, headers: { "Idempotency-Key": newKey() } });
    expect(guest.status).toBe(401);
    expect(await orderCount(me.id)).toBe(0);
  });

  it("places an online order waiting for payment once the store's gateway is set up, and a pickup order without an address", async () => {
    const me = await shopperWithCart([[PANEER, 1]]);
    await call("/api/cart/fulfillment", { method: "PUT", token: me.token, body: { fulfillment: "pickup" } });
    const total = (await cartOf(me.token)).total;
    const body = { fulfillment: "pickup", payment_method: "online", expected_total: total };
    const configured = await env.DB.prepare("SELECT count(*) AS n FROM store_secrets WHERE tenant_id = ?1")
      .bind(foodId)
      .first<{ n: number }>();
    if (configured!.n === 0) {
      const refused = await place(me.token, newKey(), body);
      expect(refused.status).toBe(422);
      expect(await json(refused)).toMatchObject({ code: "payment_method_unavailable" });
      await configureRazorpay("food");
    }
    const response = await place(me.token, newKey(), body);
    expect(response.status).toBe(201);
    const { order } = await json<{ order: OrderAnswer }>(response);
    expect(order).toMatchObject({
      status: "pending_payment",
      payment_status: "awaiting",
      fulfillment: "pickup",
      address: null,
      can_pay: true,
    });
  });

  it("hides another customer's order, and another store's", async () => {
    const me = await shopperWithCart([[PANEER, 1]]);
    const total = await totalAt(me.token, me.addressId);
    const { order } = await json<{ order: OrderAnswer }>(
      await place(me.token, newKey(), { fulfillment: "delivery", address_id: me.addressId, payment_method: "cod", expected_total: total }),
    );
    const other = await newCustomer();
    const foreign = await call(`/api/get-single-order?order_id=${order.id}`, { method: "GET", token: other.token });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ code: "order_not_found" });
    const retail = await newCustomer("retail.localhost");
    expect(
      (await call(`/api/get-single-order?order_id=${order.id}`, { method: "GET", token: retail.token, host: "retail.localhost" })).status,
    ).toBe(404);
    expect((await call("/api/get-single-order?order_id=nope", { method: "GET", token: me.token })).status).toBe(400);
  });
});

describe("coupon limits under concurrent orders", () => {
  it("uses a coupon with a usage limit of 1 once, however many orders race for it", async () => {
    const code = `ONCE${Date.now()}`;
    const discountId = 900_000 + Math.floor(Math.random() * 99_999);
    await env.DB.prepare(
      `INSERT INTO discount_rules (tenant_id, id, code, label, kind, value, usage_limit, position)
       VALUES (?1, ?2, ?3, 'Once only', 'fixed', 1000, 1, 99)`,
    )
      .bind(foodId, discountId, code)
      .run();
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWithCart([[PANEER, 1]])));
    const attempts = await Promise.all(
      shoppers.map(async (s) => {
        await call("/api/cart/apply-coupon", { token: s.token, body: { code } });
        const total = await totalAt(s.token, s.addressId);
        return place(s.token, newKey(), { fulfillment: "delivery", address_id: s.addressId, payment_method: "cod", expected_total: total });
      }),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 422 || s === 409)).toBe(true);
    const used = await env.DB.prepare("SELECT count(*) AS n FROM coupon_redemptions WHERE tenant_id = ?1 AND discount_id = ?2")
      .bind(foodId, discountId)
      .first<{ n: number }>();
    expect(used!.n).toBe(1);
    // Every order placed without the coupon said so: only one order carries it.
    const withCoupon = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE tenant_id = ?1 AND coupon_code = ?2")
      .bind(foodId, code)
      .first<{ n: number }>();
    expect(withCoupon!.n).toBe(1);
  }, 120_000);
});

describe("a failure inside the placing batch", () => {
  // Each step's table refuses writes for a moment (a trigger raising an error, as a failing D1 would): the order
  // is all there or not there at all.
  const steps: [string, string][] = [
    ["order_counters", "INSERT"],
    ["orders", "INSERT"],
    ["order_lines", "INSERT"],
    ["order_status_history", "INSERT"],
    ["cart_items", "DELETE"],
    ["carts", "UPDATE"],
  ];
  for (const [table, event] of steps) {
    it(`leaves no partial order when ${event} on ${table} fails`, async () => {
      const me = await shopperWithCart();
      const total = await totalAt(me.token, me.addressId);
      const before = await env.DB.prepare("SELECT last_seq FROM order_counters WHERE tenant_id = ?1")
        .bind(foodId)
        .first<{ last_seq: number }>();
      await env.DB.exec(
        `CREATE TRIGGER fail_${table} BEFORE ${event} ON ${table} WHEN (SELECT count(*) FROM orders) >= 0 BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      );
      try {
        const response = await place(me.token, newKey(), {
          fulfillment: "delivery",
          address_id: me.addressId,
          payment_method: "cod",
          expected_total: total,
        });
        expect(response.status).toBe(500);
        expect(await json(response)).toMatchObject({ code: "internal_error" });
      } finally {
        await env.DB.exec(`DROP TRIGGER fail_${table}`);
      }
      expect(await orderCount(me.id)).toBe(0);
      const lines = await env.DB.prepare("SELECT count(*) AS n FROM order_lines WHERE order_id NOT IN (SELECT id FROM orders)").first<{
        n: number;
      }>();
      expect(lines!.n).toBe(0);
      const after = await env.DB.prepare("SELECT last_seq FROM order_counters WHERE tenant_id = ?1")
        .bind(foodId)
        .first<{ last_seq: number }>();
      expect(after?.last_seq).toBe(before?.last_seq);
      expect((await cartOf(me.token)).cartItems).toHaveLength(2);
    }, 30_000);
  }
});
