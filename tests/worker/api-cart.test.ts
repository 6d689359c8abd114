import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { guestCall as call, newGuest } from "./request";

// Food store (INR, prices include 5% GST). Paneer Tikka ₹279 (was ₹319), Butter Naan ₹55; Margherita Pizza 26 has
// Size × Crust combinations (Large + Thin ₹449) and Dips (Garlic dip +₹25); Veg Thali 15 needs 2 to 3 curries.
const PANEER = 1;
const NAAN = 16;
const PIZZA = 26;
// 3.77 km from the Indiranagar branch: the 3–6 km slab, ₹45.
const MG_ROAD = { latitude: 12.9756, longitude: 77.6066 };

async function cart(response: Response, status = 200): Promise<CartAnswer> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as CartAnswer;
}

const add = (guest: string | null, product_id: number, quantity = 1, extra: Record<string, unknown> = {}) =>
  call("POST", "/api/cart/add", guest, { product_id, quantity, selected_attributes: {}, selected_multi_attributes: {}, ...extra });

async function expectRefusal(response: Response, status: number, code: string): Promise<{ code: string; message: string }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** Every cart and line in the database, to show a refusal changed nothing anywhere. */
async function snapshot() {
  const [carts, items] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM carts ORDER BY id"),
    env.DB.prepare("SELECT * FROM cart_items ORDER BY id"),
  ]);
  return { carts: carts?.results, items: items?.results };
}

describe("cart API happy paths", () => {
  it("POST /api/cart/add answers 201 with the whole cart, priced in major units", async () => {
    const guest = newGuest();
    await cart(await add(guest, PANEER, 1), 201);
    await cart(await call("PUT", "/api/cart/delivery-location", guest, MG_ROAD));
    const body = await cart(await add(guest, NAAN, 2), 201);
    expect(body.cartItems).toEqual([
      expect.objectContaining({
        product_id: PANEER,
        name: "Paneer Tikka",
        slug: "paneer-tikka",
        image: "/demo/food/products/paneer-tikka.svg",
        quantity: 1,
        options: [],
        unit_price: 279,
        line_total: 279,
        available: true,
      }),
      expect.objectContaining({ product_id: NAAN, quantity: 2, unit_price: 55, line_total: 110, available: true }),
    ]);
    expect(body.cartDetails).toEqual({
      item_count: 3,
      line_count: 2,
      branch_id: 1,
      fulfillment: "delivery",
      pickup_available: true,
      delivery_location: { pincode: null, ...MG_ROAD },
    });
    // Same figures as the pricing-input test: 389.00 subtotal, GST 18.53 inside, slab ₹45, packaging ₹20.
    expect(body).toMatchObject({
      subtotal: 389,
      total_original_price: 429,
      product_price_discount: 40,
      order_discount_amount: 0,
      subtotal_after_discounts: 389,
      tax_amount: 18.53,
      delivery_charge: 45,
      shipping_discount_amount: 0,
      applied_additional_fees: [{ id: 1, name: "Packaging charge", amount: 20, tax: 0 }],
      total: 454,
      total_discount: 40,
      delivery_distance: 3.77,
      show_delivery_distance: true,
      is_delivery_available: true,
      delivery_message: "Add ₹110 more for free delivery",
      coupon_applied: false,
      coupon_message: null,
      customer_applied_coupon: null,
      discount_eligibility_message: null,
      adjusted_cart_items: [],
      address: null,
    });
  });

  it("adds options and describes them; the same choice again grows the line", async () => {
    const guest = newGuest();
    const choice = { selected_attributes: { 2601: 2612, 2602: 2614 }, selected_multi_attributes: { 2670: [2675] } };
    await cart(await add(guest, PIZZA, 1, choice), 201);
    const body = await cart(await add(guest, PIZZA, 2, choice), 201);
    expect(body.cartItems).toHaveLength(1);
    expect(body.cartItems[0]).toMatchObject({
      quantity: 3,
      selectedAttributes: { 2601: 2612, 2602: 2614 },
      selectedMultiAttributes: { 2670: [2675] },
      options: ["Size: Large", "Crust: Thin", "Dips: Garlic dip"],
      unit_price: 474,
      line_total: 1422,
    });
  });

  it("PUT /api/cart/update with a quantity below 1 removes the line, as docs/api.md says", async () => {
    for (const quantity of [0, -3, 0.5]) {
      const guest = newGuest();
      await call("POST", "/api/cart/add", guest, { product_id: PANEER, quantity: 2 });
      const line = (await cart(await call("GET", "/api/get-cart", guest))).cartItems[0]!;
      const response = await call("PUT", "/api/cart/update", guest, { cart_id: line.id, quantity });
      expect(response.status).toBe(200);
      expect((await cart(response)).cartItems).toEqual([]);
    }
  });

  it("PUT /api/cart/update sets the quantity and, given a selection, the options", async () => {
    const guest = newGuest();
    const added = await cart(
      await add(guest, PIZZA, 1, { selected_attributes: { 2601: 2612, 2602: 2614 }, selected_multi_attributes: {} }),
      201,
    );
    const id = added.cartItems[0]!.id;
    const more = await cart(await call("PUT", "/api/cart/update", guest, { cart_id: id, quantity: 4 }));
    expect(more.cartItems[0]).toMatchObject({ id, quantity: 4, unit_price: 449, line_total: 1796 });
    const medium = await cart(
      await call("PUT", "/api/cart/update", guest, { cart_id: id, quantity: 2, selected_attributes: { 2601: 2611, 2602: 2613 } }),
    );
    expect(medium.cartItems[0]).toMatchObject({ quantity: 2, options: ["Size: Medium", "Crust: Classic"], unit_price: 329 });
    expect(medium.subtotal).toBe(658);
  });

  it("DELETE /api/cart/remove/:id removes the line; GET /api/get-cart answers the cart, empty when there is none", async () => {
    const guest = newGuest();
    const empty = await cart(await call("GET", "/api/get-cart", guest));
    expect(empty).toMatchObject({ cartItems: [], total: 0, subtotal: 0, is_delivery_available: true, address: null });
    await cart(await add(guest, PANEER, 1), 201);
    const two = await cart(await add(guest, NAAN, 1), 201);
    const fetched = await cart(await call("GET", "/api/get-cart", guest));
    expect(fetched).toEqual(two);
    const removed = await cart(await call("DELETE", `/api/cart/remove/${two.cartItems[0]!.id}`, guest));
    expect(removed.cartItems.map((i) => i.product_id)).toEqual([NAAN]);
    expect(removed.subtotal).toBe(55);
  });

  it("applies FEAST20 (capped at ₹100) and removes it; an inapplicable coupon is no error", async () => {
    const guest = newGuest();
    await cart(await add(guest, NAAN, 2), 201);
    const small = await cart(await call("POST", "/api/cart/apply-coupon", guest, { code: "FEAST20" }));
    expect(small.coupon_applied).toBe(false);
    expect(small.coupon_message).toBe("FEAST20 needs a minimum order of ₹300: add ₹190 more");
    expect(small.discount_eligibility_message).toBe("Add ₹190 more to get 20% off up to ₹100 (FEAST20)");

    await cart(await add(guest, PANEER, 2), 201);
    await cart(await call("PUT", "/api/cart/delivery-location", guest, MG_ROAD));
    const applied = await cart(await call("POST", "/api/cart/apply-coupon", guest, { code: "feast20" }));
    expect(applied).toMatchObject({
      subtotal: 668,
      order_discount_amount: 100,
      subtotal_after_discounts: 568,
      tax_amount: 27.04,
      delivery_charge: 0,
      delivery_message: "You get free delivery",
      total: 588,
      total_discount: 180,
      coupon_applied: true,
      customer_applied_coupon: "FEAST20",
      coupon_message: "FEAST20 applied: you saved ₹100",
    });

    const unknown = await cart(await call("POST", "/api/cart/apply-coupon", guest, { code: "NOPE" }));
    expect(unknown.coupon_applied).toBe(false);
    expect(unknown.coupon_message).toBe("NOPE is not a valid coupon");

    const removed = await cart(await call("DELETE", "/api/cart/coupon", guest));
    expect(removed).toMatchObject({ coupon_applied: false, coupon_message: null, customer_applied_coupon: null, order_discount_amount: 0 });
  });

  it("PUT /api/cart/delivery-location takes a pincode (base charge, no distance) or a point", async () => {
    const guest = newGuest();
    await cart(await add(guest, NAAN, 1), 201);
    const byPincode = await cart(await call("PUT", "/api/cart/delivery-location", guest, { pincode: "560038" }));
    expect(byPincode).toMatchObject({ delivery_charge: 40, delivery_distance: null, is_delivery_available: true });
    expect(byPincode.cartDetails.delivery_location).toEqual({ pincode: "560038", latitude: null, longitude: null });
    const far = await cart(await call("PUT", "/api/cart/delivery-location", guest, { latitude: 12.9698, longitude: 77.75 }));
    expect(far).toMatchObject({ is_delivery_available: false, delivery_charge: 0, delivery_distance: 11.79 });
  });
});

describe("cart API pickup", () => {
  it("PUT /api/cart/fulfillment chooses pickup (no delivery charge, fees still apply) and back to delivery", async () => {
    const guest = newGuest();
    const delivery = await cart(await add(guest, NAAN, 2), 201); // ₹110: below free delivery
    expect(delivery.cartDetails).toMatchObject({ fulfillment: "delivery", pickup_available: true });
    expect(delivery.delivery_charge).toBe(40);
    const pickup = await cart(await call("PUT", "/api/cart/fulfillment", guest, { fulfillment: "pickup" }));
    expect(pickup.cartDetails.fulfillment).toBe("pickup");
    expect(pickup).toMatchObject({ delivery_charge: 0, delivery_message: null, total: delivery.total - 40 });
    expect(pickup.applied_additional_fees.map((f) => f.name)).toEqual(["Packaging charge"]);
    const back = await cart(await call("PUT", "/api/cart/fulfillment", guest, { fulfillment: "delivery" }));
    expect(back).toMatchObject({ delivery_charge: 40, total: delivery.total });
  });
});

describe("cart API refusals change nothing", () => {
  async function refused(response: () => Promise<Response>, status: number, code: string) {
    const before = await snapshot();
    const body = await expectRefusal(await response(), status, code);
    expect(await snapshot()).toEqual(before);
    return body;
  }

  it("refuses an unknown product, invalid options and bad quantities with 422 and the shopper's message", async () => {
    const guest = newGuest();
    await cart(await add(guest, PANEER, 1), 201);
    await refused(() => add(guest, 999_999, 1), 422, "product_not_found");
    const options = await refused(() => add(guest, PIZZA, 1), 422, "invalid_options");
    expect(options.message).toBe("Please choose a Size");
    const thali = await refused(() => add(guest, 15, 1, { selected_multi_attributes: { 1570: [] } }), 422, "invalid_options");
    expect(thali.message.length).toBeGreaterThan(0);
    await refused(() => add(guest, PIZZA, 1, { selected_attributes: { 2601: 99999, 2602: 2614 } }), 422, "invalid_options");
    for (const quantity of [0, -1, -1000, 100, 1e9, 1.5]) {
      const body = await refused(() => add(guest, PANEER, quantity), 422, "invalid_quantity");
      expect(body.message).toBe("Choose a quantity from 1 to 99.");
    }
    // 1 already in the cart: 99 more would pass the line limit.
    await refused(() => add(guest, PANEER, 99), 422, "quantity_limit");
    const line = (await cart(await call("GET", "/api/get-cart", guest))).cartItems[0]!;
    await refused(() => call("PUT", "/api/cart/update", guest, { cart_id: line.id, quantity: 1000 }), 422, "invalid_quantity");
    await refused(() => call("POST", "/api/cart/apply-coupon", guest, { code: "bad code!" }), 422, "invalid_coupon");
    await refused(() => call("PUT", "/api/cart/delivery-location", guest, { latitude: 95, longitude: 0 }), 422, "invalid_location");
  });

  it("refuses pickup at a branch that does not offer it with 422, and a fulfillment that is neither with 400", async () => {
    const guest = newGuest();
    // The new store's branch has no delivery settings, so no pickup.
    const body = await refused(
      () => call("PUT", "/api/cart/fulfillment", guest, { fulfillment: "pickup" }, "new.localhost"),
      422,
      "pickup_unavailable",
    );
    expect(body.message).toBe("This branch does not offer pickup.");
    await refused(() => call("PUT", "/api/cart/fulfillment", guest, { fulfillment: "drone" }), 400, "invalid_input");
  });

  it("answers 400 for malformed bodies", async () => {
    const guest = newGuest();
    await refused(() => call("POST", "/api/cart/add", guest, { product_id: "1", quantity: 1 }), 400, "invalid_input");
    await refused(() => call("POST", "/api/cart/add", guest, { product_id: 1, quantity: "2" }), 400, "invalid_input");
    await refused(() => call("POST", "/api/cart/add", guest, { quantity: 1 }), 400, "invalid_input");
    // Unparseable JSON is the API's generic 400.
    await refused(() => call("POST", "/api/cart/add", guest, "{not json"), 400, "bad_request");
    await refused(
      () => call("POST", "/api/cart/add", guest, { product_id: 1, quantity: 1, selected_attributes: { x: 1 } }),
      400,
      "invalid_input",
    );
    await refused(() => call("PUT", "/api/cart/update", guest, { quantity: 1 }), 400, "invalid_input");
    await refused(() => call("POST", "/api/cart/apply-coupon", guest, {}), 400, "invalid_input");
    await refused(() => call("PUT", "/api/cart/delivery-location", guest, {}), 400, "invalid_input");
  });

  it("answers 404 for another guest's, an unknown or a malformed cart item id", async () => {
    const owner = newGuest();
    const other = newGuest();
    const line = (await cart(await add(owner, PANEER, 2), 201)).cartItems[0]!;
    await cart(await add(other, NAAN, 1), 201);
    await refused(() => call("PUT", "/api/cart/update", other, { cart_id: line.id, quantity: 5 }), 404, "item_not_found");
    await refused(() => call("DELETE", `/api/cart/remove/${line.id}`, other), 404, "item_not_found");
    await refused(() => call("DELETE", "/api/cart/remove/2147483647", owner), 404, "item_not_found");
    await refused(() => call("DELETE", "/api/cart/remove/abc", owner), 404, "item_not_found");
    await refused(() => call("PUT", "/api/cart/update", owner, { cart_id: -1, quantity: 1 }), 404, "item_not_found");
    // The same guest in another branch has another cart.
    await refused(() => call("DELETE", `/api/cart/remove/${line.id}?branch_id=2`, owner), 404, "item_not_found");
    expect((await cart(await call("GET", "/api/get-cart", owner))).cartItems[0]).toMatchObject({ id: line.id, quantity: 2 });
  });

  it("needs a guest id to change a cart; without one get-cart is the empty cart", async () => {
    await refused(() => add(null, PANEER, 1), 400, "guest_id_required");
    await refused(() => call("DELETE", "/api/cart/coupon", null), 400, "guest_id_required");
    await refused(() => add("not-a-guest-id", PANEER, 1), 400, "invalid_guest_id");
    await refused(() => call("GET", "/api/get-cart", "ABC"), 400, "invalid_guest_id");
    const before = await snapshot();
    const empty = await cart(await call("GET", "/api/get-cart", null));
    expect(empty).toMatchObject({ cartItems: [], total: 0, delivery_charge: 0, is_delivery_available: true, coupon_applied: false });
    expect(empty.cartDetails).toEqual({
      item_count: 0,
      line_count: 0,
      branch_id: 1,
      fulfillment: "delivery",
      pickup_available: false,
      delivery_location: null,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("cart API isolation and concurrency", () => {
  it("keeps two guests' carts apart", async () => {
    const a = newGuest();
    const b = newGuest();
    await cart(await add(a, PANEER, 2), 201);
    await cart(await add(b, NAAN, 1), 201);
    const cartA = await cart(await call("GET", "/api/get-cart", a));
    const cartB = await cart(await call("GET", "/api/get-cart", b));
    expect(cartA.cartItems.map((i) => [i.product_id, i.quantity])).toEqual([[PANEER, 2]]);
    expect(cartB.cartItems.map((i) => [i.product_id, i.quantity])).toEqual([[NAAN, 1]]);
    await cart(await call("POST", "/api/cart/apply-coupon", a, { code: "WELCOME50" }));
    expect((await cart(await call("GET", "/api/get-cart", b))).customer_applied_coupon).toBeNull();
    // Another store never sees the food store's cart.
    expect((await cart(await call("GET", "/api/get-cart", a, undefined, "retail.localhost"))).cartItems).toEqual([]);
  });

  it("throttles one shopper's changes past the limiter's 120 a minute: 429, Retry-After, nothing changed", async () => {
    const guest = newGuest();
    const first = await cart(await add(guest, NAAN, 1), 201);
    const line = first.cartItems[0]!.id;
    // The limiter's window is fixed, so a burst that crosses its edge starts a new count: up to two windows' worth.
    let accepted = 1;
    let throttled: Response | null = null;
    for (let i = 0; i < 241 && !throttled; i++) {
      const response = await call("PUT", "/api/cart/update", guest, { cart_id: line, quantity: (accepted % 99) + 1 });
      if (response.status === 429) throttled = response;
      else {
        await cart(response);
        accepted++;
      }
    }
    expect(throttled, "no 429 within two windows").not.toBeNull();
    expect(accepted).toBeGreaterThanOrEqual(120);
    expect(throttled!.headers.get("Retry-After")).toBe("60");
    expect(await throttled!.json()).toEqual({ code: "too_many_requests", message: "Too many requests. Please try again later." });
    // The refused change was not made; reads go on; other shoppers and stores are not throttled.
    const after = await cart(await call("GET", "/api/get-cart", guest));
    expect(after.cartItems[0]!.quantity).toBe(((accepted - 1) % 99) + 1);
    await cart(await add(newGuest(), NAAN, 1), 201);
    await cart(await call("POST", "/api/cart/add", guest, { product_id: 4, quantity: 1 }, "retail.localhost"), 201); // Long Sleeve Henley
    // Up to 241 changes one after another: on a loaded machine that is more than the default 5 s.
  }, 30_000);

  it("50 concurrent adds of one product end with quantity 50 and no 5xx", async () => {
    const guest = newGuest();
    const responses = await Promise.all(Array.from({ length: 50 }, () => add(guest, NAAN, 1)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 201));
    await Promise.all(responses.map((r) => r.body?.cancel()));
    const body = await cart(await call("GET", "/api/get-cart", guest));
    expect(body.cartItems).toHaveLength(1);
    expect(body.cartItems[0]).toMatchObject({ product_id: NAAN, quantity: 50, line_total: 2750 });
    expect(body.subtotal).toBe(2750);
    // Fifty writes to one row queue behind each other: on a loaded machine that is more than the default 5 s.
  }, 30_000);
});
