import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { STORE_CLOSED } from "../../commerce/messages";
import type { OrderAnswer } from "../../worker/orders";
import { call, homeAddress } from "./accounts-helpers";
import { cartOf, NAAN, newKey, PANEER, place, placedOrder, saveAddress, shopperWithCart, totalAt } from "./checkout-helpers";
import { en } from "./english";
import { configureRazorpay, startPayment } from "./payments-helpers";
import { json } from "./request";
import { setSetting } from "./settings-helpers";
import { creditWallet } from "./wallet-credit";

/**
 * The store's own rules, enforced by the API and not only by pages (issue 31): a closed store takes no cart changes,
 * checkout or orders; every delivery address has a position and place-order tests the area with it; the wallets never
 * leave a rest the gateway cannot take.
 */

let foodId = 0;

beforeAll(async () => {
  foodId = await configureRazorpay("food");
});

async function setStoreOpen(open: boolean) {
  await setSetting(foodId, "globalStoreEnable", open ? "true" : "false");
}

describe("a closed store", () => {
  it("refuses cart changes, checkout, place-order and reorder; reading, and paying an order already placed, still work", async () => {
    const shopper = await shopperWithCart([[PANEER, 1]]);
    const total = await totalAt(shopper.token, shopper.addressId);
    const earlier = await placedOrder([[NAAN, 1]], { payment_method: "online" });
    await setStoreOpen(false);
    try {
      const closed = { code: "store_closed", message: en(STORE_CLOSED) };
      const add = await call("/api/cart/add", {
        token: shopper.token,
        body: { product_id: NAAN, quantity: 1, selected_attributes: {}, selected_multi_attributes: {} },
      });
      expect(add.status).toBe(403);
      expect(await json(add)).toEqual(closed);
      const guestAdd = await call("/api/cart/add", { body: { product_id: NAAN, quantity: 1 } });
      expect(guestAdd.status).toBe(403);
      const [line] = (await cartOf(shopper.token)).cartItems;
      const update = await call("/api/cart/update", { method: "PUT", token: shopper.token, body: { cart_id: line!.id, quantity: 3 } });
      expect(update.status).toBe(403);
      const coupon = await call("/api/cart/apply-coupon", { token: shopper.token, body: { code: "WELCOME" } });
      expect(coupon.status).toBe(403);
      const options = await call("/api/checkout-options", { method: "GET", token: shopper.token });
      expect(options.status).toBe(403);
      const body = { fulfillment: "delivery", address_id: shopper.addressId, payment_method: "cod", expected_total: total };
      const placed = await place(shopper.token, newKey(), body);
      expect(placed.status).toBe(403);
      expect(await json(placed)).toEqual(closed);
      const reorder = await call("/api/reorder", { token: earlier.token, body: { order_id: earlier.order.id } });
      expect(reorder.status).toBe(403);

      // The cart is still read, and an order already placed is still paid and tracked.
      expect((await cartOf(shopper.token)).cartItems).toHaveLength(1);
      const pay = await startPayment(earlier.token, earlier.order.id);
      expect(pay.razorpay_order_id).toMatch(/^order_/);
      const mine = await call(`/api/get-single-order?order_id=${earlier.order.id}`, { method: "GET", token: earlier.token });
      expect(mine.status).toBe(200);
      const tracked = await call(`/api/get-single-order-to-track?order_id=${earlier.order.id}`, { method: "GET" });
      expect(tracked.status).toBe(200);
    } finally {
      await setStoreOpen(true);
    }
    const reopened = await place(shopper.token, newKey(), {
      fulfillment: "delivery",
      address_id: shopper.addressId,
      payment_method: "cod",
      expected_total: total,
    });
    expect(reopened.status).toBe(201);
  });
});

describe("delivery only inside the area", () => {
  it("an address saved without a position is placed, and place-order tests the area with it", async () => {
    const shopper = await shopperWithCart([[PANEER, 1]]);
    // Mysuru, far outside every Bengaluru branch's reach, typed in by hand (no position, as without JavaScript).
    const far = await saveAddress(shopper.token, { city: "Mysuru", pincode: "570001", line2: "", latitude: null, longitude: null });
    const saved = await env.DB.prepare("SELECT latitude, longitude FROM addresses WHERE id = ?1").bind(far).first();
    expect(saved).toEqual({ latitude: 12.308, longitude: 76.655 });
    const priced = await call("/api/cart/delivery-location", { method: "PUT", token: shopper.token, body: { address_id: far } });
    const cart = await json<{ total: number; is_delivery_available: boolean }>(priced);
    expect(cart.is_delivery_available).toBe(false);
    const placed = await place(shopper.token, newKey(), {
      fulfillment: "delivery",
      address_id: far,
      payment_method: "cod",
      expected_total: cart.total,
    });
    expect(placed.status).toBe(422);
    expect(await json(placed)).toMatchObject({ code: "unserviceable" });
  });

  it("an address kept from before, without a position, is refused at place-order rather than priced at the base charge", async () => {
    const shopper = await shopperWithCart([[PANEER, 1]]);
    await env.DB.prepare("UPDATE addresses SET latitude = NULL, longitude = NULL WHERE id = ?1").bind(shopper.addressId).run();
    const total = await totalAt(shopper.token, shopper.addressId);
    const placed = await place(shopper.token, newKey(), {
      fulfillment: "delivery",
      address_id: shopper.addressId,
      payment_method: "cod",
      expected_total: total,
    });
    expect(placed.status).toBe(422);
    expect(await json(placed)).toMatchObject({ code: "address_not_placed" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE owner = ?1").bind(`customer:${shopper.id}`).first("n")).toBe(0);
  });

  it("without a position the API still saves the form's address of a known place (the pages' no-JS path)", async () => {
    const { token } = await shopperWithCart([[PANEER, 1]]);
    const response = await call("/api/address/add", { token, body: homeAddress({ latitude: null, longitude: null }) });
    expect(response.status).toBe(201);
  });
});

describe("no unpayable rest", () => {
  it("a wallet that would leave ₹0.15 pays a little less, so the rest is ₹1.00 and Razorpay takes it", async () => {
    const shopper = await shopperWithCart([[PANEER, 1]]);
    const total = await totalAt(shopper.token, shopper.addressId);
    await creditWallet(foodId, shopper.id, "cash", Math.round(total * 100) - 15);
    const placed = await place(shopper.token, newKey(), {
      fulfillment: "delivery",
      address_id: shopper.addressId,
      payment_method: "online",
      expected_total: total,
      use_wallet: true,
    });
    expect(placed.status).toBe(201);
    const { order } = await json<{ order: OrderAnswer }>(placed);
    expect(order.bill.to_pay).toBe(1);
    expect(order.bill.wallet_amount).toBe(Math.round((total - 1) * 100) / 100);
    const pay = await startPayment(shopper.token, order.id);
    expect(pay.amount).toBe(100);
  });
});
