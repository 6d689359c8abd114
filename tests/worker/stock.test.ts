import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { storeKeyHash } from "../../worker/admin/store-keys";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import { inStockAtBranch } from "../../worker/catalog/stock";
import worker from "../../worker/index";
import type { OrderAnswer } from "../../worker/orders";
import { call } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { addToCart, newKey, place, shopperWithCart, totalAt } from "./checkout-helpers";
import { EGG, GAJAR, INDIRANAGAR, JAYANAGAR, KADAI, KORAMANGALA, PANEER, stockLeft } from "./food-stock";
import { refusedFoodImport } from "./import-refusal";
import { configureRazorpay, customerWithOrder, orderState, payEnv } from "./payments-helpers";
import { guestCall, json, newGuest, request } from "./request";

let foodId = 0;
let ownerKey = "";

beforeAll(async () => {
  foodId = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
  ownerKey = await storeKey(foodId, "stock");
});

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const product = (slug: string, branchId: number) =>
  guestCall("GET", `/api/get-product?slug=${slug}&branch_id=${branchId}`, null).then((r) => ok<ProductDetail>(r));
const listing = (branchId: number) =>
  guestCall("GET", `/api/get-products?per_page=48&branch_id=${branchId}`, null).then((r) => ok<Page<ProductCard>>(r));
const guestAdd = (guest: string, productId: number, quantity: number, branchId = INDIRANAGAR) =>
  guestCall("POST", `/api/cart/add?branch_id=${branchId}`, guest, { product_id: productId, quantity });

const left = (productId: number, branchId = INDIRANAGAR) => stockLeft(foodId, productId, branchId);

const setStock = (items: { product_id: number; branch_id: number; quantity: number | null }[], key = ownerKey) =>
  adminCall("/stock", key, { method: "POST", body: { items } });

/** A key of the store limited to orders. */
async function ordersOnlyKey(): Promise<string> {
  const key = await storeKey(foodId, "orders only");
  await env.DB.prepare("UPDATE store_api_keys SET scope = 'orders' WHERE key_hash = ?1")
    .bind(await storeKeyHash(key))
    .run();
  return key;
}

async function productsMarker(): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM cache_markers WHERE tenant_id = ?1 AND name = 'products'")
    .bind(foodId)
    .first<{ version: number }>();
  return row!.version;
}

describe("import: stock per branch", () => {
  it("writes the file's figures, and refuses a branch the file does not have, a branch twice, a bad threshold", async () => {
    const { results } = await env.DB.prepare(
      "SELECT product_id, branch_id, quantity FROM branch_stock WHERE tenant_id = ?1 AND product_id IN (?2, ?3) ORDER BY product_id, branch_id",
    )
      .bind(foodId, EGG, GAJAR)
      .all();
    expect(results).toEqual([
      { product_id: EGG, branch_id: INDIRANAGAR, quantity: 0 },
      { product_id: EGG, branch_id: KORAMANGALA, quantity: 25 },
      { product_id: EGG, branch_id: JAYANAGAR, quantity: 25 },
      { product_id: GAJAR, branch_id: INDIRANAGAR, quantity: 3 },
      { product_id: GAJAR, branch_id: KORAMANGALA, quantity: 40 },
    ]);
    const refused = refusedFoodImport;
    const withStock = (stock: unknown) => (s: typeof food) => {
      (s.products[0] as { stock?: unknown }).stock = stock;
    };
    expect(await refused(withStock([{ branch_id: 9, quantity: 1 }]))).toMatch(/products\[0\]\.stock\[0\]\.branch_id: no branch has id 9/);
    expect(
      await refused(
        withStock([
          { branch_id: 1, quantity: 1 },
          { branch_id: 1, quantity: 2 },
        ]),
      ),
    ).toMatch(/products\[0\]\.stock\[1\]: branch id 1 is used twice/);
    expect(await refused(withStock([{ branch_id: 1, quantity: -1 }]))).toMatch(/products\[0\]\.stock\[0\]\.quantity/);
    expect(
      await refused((s) => {
        (s.settings as Record<string, string>).lowStockThreshold = "few";
      }),
    ).toMatch(/lowStockThreshold/);
    // Nothing of the refused files was written.
    expect(await left(PANEER)).toBeNull();
  });
});

describe("levels at the shopper's branch", () => {
  it("product answers and cards say in stock, only a few left, out of stock, or nothing where uncounted", async () => {
    expect((await product("gajar-halwa", INDIRANAGAR)).stock).toBe("low_stock");
    expect((await product("gajar-halwa", KORAMANGALA)).stock).toBe("in_stock");
    expect((await product("gajar-halwa", JAYANAGAR)).stock).toBeNull();
    expect((await product("egg-biryani", INDIRANAGAR)).stock).toBe("out_of_stock");
    expect((await product("paneer-tikka", INDIRANAGAR)).stock).toBeNull();
    const cards = new Map((await listing(INDIRANAGAR)).data.map((c) => [c.id, c.stock]));
    expect([cards.get(GAJAR), cards.get(EGG), cards.get(KADAI), cards.get(PANEER)]).toEqual([
      "low_stock",
      "out_of_stock",
      "in_stock",
      null,
    ]);
    const search = await ok<Page<ProductCard>>(await guestCall("GET", `/api/search-products?q=halwa&branch_id=${KORAMANGALA}`, null));
    expect(search.data.find((c) => c.id === GAJAR)?.stock).toBe("in_stock");
  });

  it("inStockAtBranch, the listing filter, keeps uncounted products and those with some left", async () => {
    const inStock = async (branchId: number) => {
      const { results } = await env.DB.prepare(`SELECT p.id FROM products p WHERE p.tenant_id = ?1 AND ${inStockAtBranch("?2")}`)
        .bind(foodId, branchId)
        .all<{ id: number }>();
      return new Set(results.map((r) => r.id));
    };
    const main = await inStock(INDIRANAGAR);
    expect([main.has(EGG), main.has(GAJAR), main.has(PANEER)]).toEqual([false, true, true]);
    expect(main.size).toBe(food.products.length - 1);
    expect((await inStock(KORAMANGALA)).has(EGG)).toBe(true);
  });

  it("the product page says the level, offers no form when out of stock, and its structured data says the same", async () => {
    const html = async (slug: string) => {
      const response = await request("food.localhost", `/product/${slug}`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const low = await html("gajar-halwa");
    expect(low).toContain('data-level="low_stock"');
    expect(low).toContain("Only a few left");
    expect(low).toContain('"availability":"https://schema.org/LimitedAvailability"');
    const out = await html("egg-biryani");
    expect(out).toContain('data-level="out_of_stock"');
    expect(out).not.toContain('data-testid="add-to-cart-form"');
    expect(out).toContain('"availability":"https://schema.org/OutOfStock"');
    const uncounted = await html("paneer-tikka");
    expect(uncounted).not.toContain('data-testid="stock-level"');
    expect(uncounted).toContain('"availability":"https://schema.org/InStock"');
  });
});

describe("adding beyond stock", () => {
  it("refuses an add past what is left, counting every line of the product, with a clear 409", async () => {
    const guest = newGuest();
    const out = await guestAdd(guest, EGG, 1);
    expect(out.status).toBe(409);
    expect(await json(out)).toMatchObject({ code: "out_of_stock", message: "This item is out of stock at this branch." });
    const tooMany = await guestAdd(guest, GAJAR, 4);
    expect(tooMany.status).toBe(409);
    expect(await json(tooMany)).toMatchObject({ code: "out_of_stock", message: "Only 3 of this item are left at this branch." });
    expect((await guestAdd(guest, GAJAR, 2)).status).toBe(201);
    const more = await guestAdd(guest, GAJAR, 2);
    expect(await json(more)).toMatchObject({ message: "Only 3 of this item are left at this branch. Your cart already has 2." });
    expect((await guestAdd(guest, GAJAR, 1)).status).toBe(201);
    // Setting the line's quantity counts the other lines, not the line itself.
    const cart = await ok<{ cartItems: { id: number; product_id: number }[] }>(await guestCall("GET", "/api/get-cart?branch_id=1", guest));
    const line = cart.cartItems.find((l) => l.product_id === GAJAR)!;
    const update = (quantity: number) => guestCall("PUT", "/api/cart/update?branch_id=1", guest, { cart_id: line.id, quantity });
    expect((await update(2)).status).toBe(200);
    expect((await update(4)).status).toBe(409);
    // Another branch counts its own stock; an uncounted product is never refused for stock.
    expect((await guestAdd(guest, GAJAR, 10, KORAMANGALA)).status).toBe(201);
    expect((await guestAdd(guest, PANEER, 50)).status).toBe(201);
  });
});

async function placeFor(s: Awaited<ReturnType<typeof shopperWithCart>>) {
  const total = await totalAt(s.token, s.addressId);
  return place(s.token, newKey(), { fulfillment: "delivery", address_id: s.addressId, payment_method: "cod", expected_total: total });
}

describe("orders take stock", () => {
  it("30 orders racing for the last 3 units: exactly 3 are placed, the rest refused naming the item, never below zero", async () => {
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => shopperWithCart([[KADAI, 1]])));
    expect((await setStock([{ product_id: KADAI, branch_id: INDIRANAGAR, quantity: 3 }])).status).toBe(200);
    const responses = await Promise.all(shoppers.map(placeFor));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const refusals = await Promise.all(responses.filter((r) => r.status === 409).map((r) => json<{ code: string; message: string }>(r)));
    for (const refusal of refusals)
      expect(refusal).toMatchObject({
        code: "out_of_stock",
        message: "Kadai Chicken is out of stock at this branch. Remove it to continue.",
      });
    expect(await left(KADAI)).toBe(0);
    const taken = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(quantity) AS units FROM order_stock WHERE tenant_id = ?1 AND product_id = ?2",
    )
      .bind(foodId, KADAI)
      .first<{ n: number; units: number }>();
    expect(taken).toEqual({ n: 3, units: 3 });
    // The refused shoppers' carts are as they were.
    const refused = shoppers[statuses.indexOf(409)]!;
    const cart = await ok<{ cartItems: { product_id: number; quantity: number }[] }>(
      await call("/api/get-cart", { method: "GET", token: refused.token }),
    );
    expect(cart.cartItems.map((l) => [l.product_id, l.quantity])).toEqual([[KADAI, 1]]);
  }, 120_000);

  it("refuses an order whose stock ran out after the cart was filled, naming the item, writing nothing", async () => {
    const me = await shopperWithCart([
      [PANEER, 1],
      [GAJAR, 2],
    ]);
    const total = await totalAt(me.token, me.addressId);
    await setStock([{ product_id: GAJAR, branch_id: INDIRANAGAR, quantity: 1 }]);
    const orders = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner = ?1").bind(`customer:${me.id}`).first<{ n: number }>())!.n;
    const response = await place(me.token, newKey(), {
      fulfillment: "delivery",
      address_id: me.addressId,
      payment_method: "cod",
      expected_total: total,
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({
      code: "out_of_stock",
      message: "Only 1 of Gajar Halwa is left at this branch. Lower the quantity to continue.",
    });
    expect(await orders()).toBe(0);
    expect(await left(GAJAR)).toBe(1);
    await setStock([{ product_id: GAJAR, branch_id: INDIRANAGAR, quantity: 3 }]);
  });

  it("a cancelled order gives back what it took, once; an uncounted product is left alone", async () => {
    await setStock([{ product_id: KADAI, branch_id: INDIRANAGAR, quantity: 10 }]);
    const me = await shopperWithCart([
      [KADAI, 2],
      [PANEER, 1],
    ]);
    await addToCart(me.token, [[KADAI, 1]]);
    const placed = await placeFor(me);
    expect(placed.status).toBe(201);
    const { order } = await json<{ order: OrderAnswer }>(placed);
    expect(await left(KADAI)).toBe(7);
    const cancel = () => call("/api/cancel-order", { token: me.token, body: { order_id: order.id } });
    expect((await cancel()).status).toBe(200);
    expect(await left(KADAI)).toBe(10);
    expect((await cancel()).status).not.toBe(200);
    expect(await left(KADAI)).toBe(10);
    expect(await left(PANEER)).toBeNull();
  });

  it("the store's cancel gives it back too", async () => {
    await setStock([{ product_id: KADAI, branch_id: INDIRANAGAR, quantity: 10 }]);
    const me = await shopperWithCart([[KADAI, 4]]);
    const { order } = await json<{ order: OrderAnswer }>(await placeFor(me));
    expect(await left(KADAI)).toBe(6);
    const ordersKey = await ordersOnlyKey();
    const cancelled = await adminCall(`/orders/${order.id}/status`, ordersKey, {
      method: "POST",
      body: { status: "cancelled", reason: "Ran out" },
    });
    expect(cancelled.status).toBe(200);
    expect(await left(KADAI)).toBe(10);
  });
});

describe("an order that expires unpaid", () => {
  it("gives back what it took when the scheduled reconcile expires it", async () => {
    await configureRazorpay("food");
    await setStock([{ product_id: KADAI, branch_id: INDIRANAGAR, quantity: 5 }]);
    const late = await customerWithOrder(undefined, { paymentDueBy: Date.now() - 1000 });
    // What placing it would have taken (the fixture order is written straight into D1).
    await env.DB.batch([
      env.DB.prepare("INSERT INTO order_stock (tenant_id, order_id, product_id, branch_id, quantity) VALUES (?1, ?2, ?3, ?4, 2)").bind(
        foodId,
        late.order.id,
        KADAI,
        INDIRANAGAR,
      ),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), payEnv(), ctx);
    await waitOnExecutionContext(ctx);
    expect(await orderState(foodId, late.order.id)).toMatchObject({ status: "expired" });
    expect(await left(KADAI)).toBe(7);
  });
});

describe("cached levels", () => {
  it("an order crossing a level bumps the products marker; one within a level does not", async () => {
    await setStock([{ product_id: KADAI, branch_id: INDIRANAGAR, quantity: 7 }]); // threshold 5: in stock
    const before = await productsMarker();
    await placeFor(await shopperWithCart([[KADAI, 1]])); // 6: still in stock
    expect(await productsMarker()).toBe(before);
    await placeFor(await shopperWithCart([[KADAI, 1]])); // 5: only a few left
    expect(await productsMarker()).toBe(before + 1);
    expect((await product("kadai-chicken", INDIRANAGAR)).stock).toBe("low_stock");
  });
});

describe("POST /api/admin/stock", () => {
  it("sets figures all or none, stops counting with null, and is the store scope's", async () => {
    const set = await setStock([
      { product_id: PANEER, branch_id: INDIRANAGAR, quantity: 0 },
      { product_id: PANEER, branch_id: KORAMANGALA, quantity: 4 },
    ]);
    expect(await ok(set)).toEqual({
      items: [
        { product_id: PANEER, branch_id: INDIRANAGAR, quantity: 0, stock: "out_of_stock" },
        { product_id: PANEER, branch_id: KORAMANGALA, quantity: 4, stock: "low_stock" },
      ],
    });
    // The cached product answer follows at once (the marker bumped, the hostname cache dropped).
    expect((await product("paneer-tikka", INDIRANAGAR)).stock).toBe("out_of_stock");
    expect((await setStock([{ product_id: PANEER, branch_id: INDIRANAGAR, quantity: null }])).status).toBe(200);
    expect(await left(PANEER)).toBeNull();
    expect((await product("paneer-tikka", INDIRANAGAR)).stock).toBeNull();

    const unknown = await setStock([
      { product_id: PANEER, branch_id: KORAMANGALA, quantity: 9 },
      { product_id: 99_999, branch_id: INDIRANAGAR, quantity: 1 },
    ]);
    expect(unknown.status).toBe(422);
    expect(await json(unknown)).toMatchObject({ code: "unknown_item", message: "This store has no product with id 99999." });
    expect(await left(PANEER, KORAMANGALA)).toBe(4);
    expect((await setStock([{ product_id: PANEER, branch_id: 77, quantity: 1 }])).status).toBe(422);
    expect((await setStock([{ product_id: PANEER, branch_id: 1, quantity: -1 }])).status).toBe(400);
    expect((await setStock([])).status).toBe(400);
    expect((await setStock([{ product_id: PANEER, branch_id: 1, quantity: 1 }], await ordersOnlyKey())).status).toBe(403);
    expect((await setStock([{ product_id: PANEER, branch_id: 1, quantity: 1 }], "nope")).status).toBe(401);
    await setStock([{ product_id: PANEER, branch_id: KORAMANGALA, quantity: null }]);
  });
});
