import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OriginContext } from "../../worker/api/origin-context";
import { pageOrigin } from "../../worker/origin/page-origin";
import type { Shopper } from "../../worker/shopper/shopper";
import { resolveTenant } from "../../worker/tenancy/resolve-tenant";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import { guestCall, newGuest } from "./request";

const PANEER = 1;
const NAAN = 2;

/**
 * The context a page's load context makes for a shopper of the food store at its first branch. Like the page's own
 * shopper (worker/visitor/page-shopper.ts), a guest without an id is given one by the first change.
 */
async function pageContext(first: Shopper): Promise<OriginContext & { shopper: () => Shopper }> {
  const ctx = createExecutionContext();
  const tenant = await resolveTenant(env, "food.localhost", (promise) => ctx.waitUntil(promise));
  if (!tenant) throw new Error("the food store is not served");
  let shopper = first;
  return {
    env,
    ctx,
    tenant,
    branchId: 1,
    language: "en",
    shopperFor: (change) => {
      if (change && shopper.kind === "guest" && shopper.guestId === null) shopper = { kind: "guest", guestId: newGuest() };
      return shopper;
    },
    client: "direct",
    site: { host: "food.localhost", origin: "http://food.localhost" },
    shopper: () => shopper,
  };
}

const guestPage = (guestId: string | null) => pageContext({ kind: "guest", guestId });
const customerPage = (customer: { id: number; token: string }) =>
  pageContext({ kind: "customer", customerId: customer.id, token: customer.token });

/** What the HTTP transport answers a guest for the same call at branch 1, parsed. */
async function guestOverHttp(path: string, guest: string | null): Promise<unknown> {
  const response = await guestCall("GET", `${path}?branch_id=1`, guest);
  expect(response.status).toBe(200);
  return response.json();
}

/** What the HTTP transport answers a customer for the same call, parsed. */
async function customerOverHttp(path: string, token: string): Promise<unknown> {
  const response = await call(path, { method: "GET", token });
  expect(response.status).toBe(200);
  return response.json();
}

// Decision 066: the cart's and the wishlist's changes run as functions for a page; what the page gets must be what
// /api answers for the same store, branch and shopper.
describe("the page's cart changes", () => {
  it("answer the cart /api then reads, change after change, and the offers /api answers", async () => {
    const guest = newGuest();
    const page = pageOrigin(await guestPage(guest));
    const added = await page.addToCart({ product_id: PANEER, quantity: 2 });
    expect(added.cartItems.map((item) => [item.product_id, item.quantity])).toEqual([[PANEER, 2]]);
    expect(added).toEqual(await guestOverHttp("/api/get-cart", guest));

    await page.addToCart({ product_id: NAAN, quantity: 1 });
    const line = (await page.cart()).cartItems.find((item) => item.product_id === PANEER)!;
    const updated = await page.updateCart({ cart_id: line.id, quantity: 3 });
    expect(updated.cartItems.find((item) => item.id === line.id)?.quantity).toBe(3);
    const coupon = await page.applyCoupon({ code: "feast20" });
    expect(coupon.customer_applied_coupon).toBe("FEAST20");
    expect(await page.setFulfillment({ fulfillment: "pickup" })).toEqual(await guestOverHttp("/api/get-cart", guest));
    expect(await page.removeCoupon()).toMatchObject({ customer_applied_coupon: null });
    const removed = await page.removeFromCart(line.id);
    expect(removed.cartItems.map((item) => item.product_id)).toEqual([NAAN]);
    expect(removed).toEqual(await guestOverHttp("/api/get-cart", guest));
    expect(await page.discounts()).toEqual(await guestOverHttp("/api/get-discounts", guest));
  });

  it("give a page's guest without an id one on the first change, whose cart /api then finds", async () => {
    const o = await guestPage(null);
    const page = pageOrigin(o);
    expect((await page.cart()).cartItems).toEqual([]);
    const added = await page.addToCart({ product_id: PANEER, quantity: 1 });
    const minted = o.shopper();
    expect(minted.kind === "guest" && minted.guestId).toMatch(/^[0-9a-f]{32}$/);
    expect(added).toEqual(await guestOverHttp("/api/get-cart", minted.kind === "guest" ? minted.guestId : null));
  });

  it("read the cart afresh after a change in the same request", async () => {
    const page = pageOrigin(await guestPage(newGuest()));
    expect((await page.cart()).cartItems).toEqual([]);
    await page.addToCart({ product_id: PANEER, quantity: 1 });
    expect((await page.cart()).cartItems.map((item) => item.product_id)).toEqual([PANEER]);
  });

  it("set a saved address's location for a customer, and refuse a guest's address with /api's 401", async () => {
    const customer = await newCustomer();
    const saved = await call("/api/address/add", { token: customer.token, body: homeAddress() });
    const addressId = ((await saved.json()) as { addresses: { id: number }[] }).addresses[0]!.id;
    const page = pageOrigin(await customerPage(customer));
    await page.addToCart({ product_id: PANEER, quantity: 1 });
    const located = await page.setDeliveryLocation({ address_id: addressId });
    expect(located.cartDetails.delivery_location).toEqual({ pincode: "560038", latitude: 12.9784, longitude: 77.6408 });
    expect(located).toEqual(await customerOverHttp("/api/get-cart?branch_id=1", customer.token));

    const guest = await pageOrigin(await guestPage(newGuest())).attempt.setDeliveryLocation({ address_id: 1 });
    const overHttp = await guestCall("PUT", "/api/cart/delivery-location?branch_id=1", newGuest(), { address_id: 1 });
    expect(guest).toMatchObject({ ok: false, status: overHttp.status, ...((await overHttp.json()) as object) });
  });
});

describe("a refused cart change, through attempt", () => {
  it("has /api's status, code and message, and changes nothing", async () => {
    const guest = newGuest();
    const page = pageOrigin(await guestPage(guest));
    const quantity = await page.attempt.addToCart({ product_id: PANEER, quantity: 0 });
    const overHttp = await guestCall("POST", "/api/cart/add?branch_id=1", guest, { product_id: PANEER, quantity: 0 });
    expect(overHttp.status).toBe(422);
    expect(quantity).toEqual({ ok: false, status: 422, ...((await overHttp.json()) as object) });
    expect(quantity.ok || quantity.message).toBe("Choose a quantity from 1 to 99.");

    expect(await page.attempt.removeFromCart(2147483647)).toMatchObject({ ok: false, status: 404, code: "item_not_found" });
    expect(await page.attempt.applyCoupon({ code: "bad code!" })).toMatchObject({ ok: false, status: 422, code: "invalid_coupon" });
    expect((await page.cart()).cartItems).toEqual([]);
  });

  it("is the validator's 400 for an input the route's schema refuses", async () => {
    const page = pageOrigin(await guestPage(newGuest()));
    const attempt = await page.attempt.setFulfillment({ fulfillment: "drone" as "pickup" });
    expect(attempt).toMatchObject({ ok: false, status: 400, code: "invalid_input" });
  });

  it("is /api's 403 while the store is closed", async () => {
    const o = await guestPage(newGuest());
    const closed = { ...o, tenant: { ...o.tenant, settings: { ...o.tenant.settings, isOpen: false } } };
    const attempt = await pageOrigin(closed).attempt.addToCart({ product_id: PANEER, quantity: 1 });
    expect(attempt).toMatchObject({ ok: false, status: 403, code: "store_closed" });
  });

  it("keeps /api's 400 guest_id_required for an HTTP caller without a guest id", async () => {
    const response = await guestCall("POST", "/api/cart/add?branch_id=1", null, { product_id: PANEER, quantity: 1 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("guest_id_required");
  });
});

describe("the page's wishlist", () => {
  it("answers what /api answers: the toggle, the list and the ids", async () => {
    const customer = await newCustomer();
    const page = pageOrigin(await customerPage(customer));
    expect(await page.toggleWishlistProduct({ product_id: PANEER, wishlisted: true })).toEqual({ product_id: PANEER, wishlisted: true });
    expect(await page.wishlistIds()).toEqual(await customerOverHttp("/api/get-wishlist-ids", customer.token));
    expect((await page.wishlistIds()).product_ids).toEqual([PANEER]);
    expect(await page.wishlist({ page: 1, per_page: 20 })).toEqual(
      await customerOverHttp("/api/get-wishlist?page=1&per_page=20", customer.token),
    );
    expect(await page.toggleWishlistProduct({ product_id: PANEER })).toEqual({ product_id: PANEER, wishlisted: false });
    expect((await page.wishlistIds()).product_ids).toEqual([]);
  });

  it("refuses through attempt as /api does: an unknown product 404, a guest 401", async () => {
    const customer = await newCustomer();
    const unknown = await pageOrigin(await customerPage(customer)).attempt.toggleWishlistProduct({ product_id: 999_999 });
    const overHttp = await call("/api/toggle-wishlist-product", { token: customer.token, body: { product_id: 999_999 } });
    expect(overHttp.status).toBe(404);
    expect(unknown).toEqual({ ok: false, status: 404, ...((await overHttp.json()) as object) });
    const guest = await pageOrigin(await guestPage(newGuest())).attempt.wishlistIds();
    expect(guest).toMatchObject({ ok: false, status: 401, code: "unauthenticated" });
  });
});
