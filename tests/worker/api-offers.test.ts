import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Offer, OffersAnswer } from "../../worker/cart/offers";
import type { ProductCard } from "../../worker/catalog/product-card";
import { guestCall as call, newGuest } from "./request";

// Food store (INR): FEAST20 20% up to ₹100 on ₹300 or more, WELCOME50 ₹50 off the first order (once per customer),
// and 10% off desserts (category 7) automatically. Paneer Tikka ₹279 (Starters, 1), Butter Naan ₹55 (Breads, 4),
// Gulab Jamun (with options) and Rasmalai ₹119 (Desserts, 7).
const PANEER = 1;
const NAAN = 16;
const GULAB_JAMUN = 29;
const RASMALAI = 30;
const HOST = "food.localhost";

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const add = async (guest: string, product_id: number, quantity = 1) =>
  ok(await call("POST", "/api/cart/add", guest, { product_id, quantity, selected_attributes: {}, selected_multi_attributes: {} }), 201);
const offers = async (guest: string | null, host = HOST) =>
  ok<OffersAnswer>(await call("GET", "/api/get-discounts", guest, undefined, host));
const recommended = async (guest: string | null, host = HOST) =>
  ok<ProductCard[]>(await call("GET", "/api/get-cart-recommended-products", guest, undefined, host));
const byCode = (answer: OffersAnswer, code: string): Offer => answer.coupons.find((o) => o.code === code)!;

describe("GET /api/get-discounts", () => {
  it("without a guest: the visible offers against an empty cart, with their terms in major units", async () => {
    const answer = await offers(null);
    expect(answer.coupons.map((o) => o.code)).toEqual(["FEAST20", "WELCOME50"]);
    expect(byCode(answer, "FEAST20")).toEqual({
      id: 1,
      code: "FEAST20",
      label: "20% off up to ₹100 (FEAST20)",
      description: "20% off orders of ₹300 or more, up to ₹100.",
      kind: "percent",
      value: 20,
      max_discount: 100,
      min_order: 300,
      valid_from: null,
      valid_until: null,
      applies: false,
      is_applied: false,
      discount_amount: 0,
      shortfall: 300,
      reason: "empty_cart",
      message: "Add ₹300 more to get 20% off up to ₹100 (FEAST20)",
    });
    expect(byCode(answer, "WELCOME50")).toMatchObject({
      kind: "fixed",
      value: 50,
      min_order: null,
      applies: false,
      shortfall: 0,
      message: "Add items to your cart to get ₹50 off your first order (WELCOME50)",
    });
    expect(answer.automatic).toEqual([
      expect.objectContaining({
        id: 3,
        code: null,
        label: "10% off desserts",
        description: "Every dessert is 10% off, automatically.",
        value: 10,
        applies: false,
        is_applied: false,
        shortfall: 0,
      }),
    ]);
    // A guest without a cart sees the same, and nothing is created.
    expect(await offers(newGuest())).toEqual(answer);
  });

  it("below FEAST20's minimum: the shortfall and the nudge; WELCOME50 applies; desserts not for these items", async () => {
    const guest = newGuest();
    await add(guest, PANEER);
    const answer = await offers(guest);
    expect(byCode(answer, "FEAST20")).toMatchObject({
      applies: false,
      shortfall: 21,
      reason: "min_order",
      message: "Add ₹21 more to get 20% off up to ₹100 (FEAST20)",
    });
    expect(byCode(answer, "WELCOME50")).toMatchObject({
      applies: true,
      discount_amount: 50,
      shortfall: 0,
      reason: null,
      message: "WELCOME50 applies: you save ₹50",
    });
    expect(answer.automatic[0]).toMatchObject({
      applies: false,
      is_applied: false,
      reason: "out_of_scope",
      message: "10% off desserts does not apply to the items in your cart",
    });
    // Applied, the cart's own nudge says the same; the offer is the cart's coupon but does not apply.
    const cart = await ok<{ discount_eligibility_message: string | null; coupon_applied: boolean }>(
      await call("POST", "/api/cart/apply-coupon", guest, { code: "FEAST20" }),
    );
    expect(cart).toMatchObject({ coupon_applied: false, discount_eligibility_message: byCode(answer, "FEAST20").message });
    expect(byCode(await offers(guest), "FEAST20")).toMatchObject({ applies: false, is_applied: true, shortfall: 21 });
  });

  it("above the minimum, after the automatic dessert discount; is_applied follows apply-coupon", async () => {
    const guest = newGuest();
    await add(guest, PANEER);
    await add(guest, RASMALAI);
    // 398.00 − 11.90 (10% off desserts) = 386.10; 20% is 77.22.
    const before = await offers(guest);
    expect(before.automatic[0]).toMatchObject({ applies: true, is_applied: true, discount_amount: 11.9, shortfall: 0 });
    expect(byCode(before, "FEAST20")).toMatchObject({
      applies: true,
      is_applied: false,
      discount_amount: 77.22,
      shortfall: 0,
      reason: null,
      message: "FEAST20 applies: you save ₹77.22",
    });

    const applied = await ok<{ coupon_applied: boolean; order_discount_amount: number }>(
      await call("POST", "/api/cart/apply-coupon", guest, { code: "feast20" }),
    );
    expect(applied).toMatchObject({ coupon_applied: true, order_discount_amount: 89.12 });
    const after = await offers(guest);
    expect(byCode(after, "FEAST20")).toMatchObject({ applies: true, is_applied: true, discount_amount: 77.22 });
    expect(byCode(after, "WELCOME50")).toMatchObject({ applies: true, is_applied: false });
    expect(after.automatic[0]).toMatchObject({ applies: true, is_applied: true });

    await ok(await call("DELETE", "/api/cart/coupon", guest));
    expect(byCode(await offers(guest), "FEAST20").is_applied).toBe(false);
  });

  it("a coupon the shopper has used up says so", async () => {
    const guest = newGuest();
    await add(guest, PANEER);
    const tenant = await env.DB.prepare("SELECT tenant_id FROM discount_rules WHERE code = 'WELCOME50'").first<{ tenant_id: number }>();
    await env.DB.prepare("INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, amount, created_at) VALUES (?1, 2, ?2, 5000, ?3)")
      .bind(tenant!.tenant_id, `guest:${guest}`, Date.now())
      .run();
    expect(byCode(await offers(guest), "WELCOME50")).toMatchObject({
      applies: false,
      reason: "customer_limit",
      message: "You have already used WELCOME50 the maximum number of times",
    });
    // Another shopper still can.
    const other = newGuest();
    await add(other, PANEER);
    expect(byCode(await offers(other), "WELCOME50").applies).toBe(true);
  });

  it("lists only visible coupons; a store without offers answers empty lists", async () => {
    const tenant = await env.DB.prepare("SELECT tenant_id FROM discount_rules WHERE code = 'WELCOME50'").first<{ tenant_id: number }>();
    await env.DB.prepare("UPDATE discount_rules SET is_visible = 0 WHERE tenant_id = ?1 AND id = 2").bind(tenant!.tenant_id).run();
    try {
      expect((await offers(null)).coupons.map((o) => o.code)).toEqual(["FEAST20"]);
    } finally {
      await env.DB.prepare("UPDATE discount_rules SET is_visible = 1 WHERE tenant_id = ?1 AND id = 2").bind(tenant!.tenant_id).run();
    }
    const retail = await offers(newGuest(), "retail.localhost");
    expect(retail.coupons.every((o) => o.code !== "FEAST20")).toBe(true);
  });

  it("a malformed guest id is a 400", async () => {
    for (const path of ["/api/get-discounts", "/api/get-cart-recommended-products"]) {
      const response = await call("GET", path, "not-a-guest");
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("invalid_guest_id");
    }
  });
});

describe("GET /api/get-cart-recommended-products", () => {
  /** The food store's product ids in listing order. */
  async function foodProductIds(): Promise<number[]> {
    const ids = await env.DB.prepare(
      "SELECT id FROM products WHERE tenant_id = (SELECT tenant_id FROM discount_rules WHERE code = 'FEAST20') ORDER BY position, id",
    ).all<{ id: number }>();
    return ids.results.map((r) => r.id);
  }

  it("an empty cart: the store's first 8 products in listing order", async () => {
    const listing = await foodProductIds();
    const cards = await recommended(null);
    expect(cards.map((c) => c.id)).toEqual(listing.slice(0, 8));
    expect(cards[0]).toEqual({
      id: PANEER,
      name: "Paneer Tikka",
      slug: "paneer-tikka",
      image: "/demo/food/products/paneer-tikka.svg",
      category_id: 1,
      selling_price: 279,
      original_price: 319,
      has_options: false,
      stock: null,
    });
    expect(await recommended(newGuest())).toEqual(cards);
  });

  it("the cart's categories first, without the cart's products, topped up to 8 in listing order", async () => {
    const guest = newGuest();
    await add(guest, RASMALAI);
    const ids = (await recommended(guest)).map((c) => c.id);
    // The other desserts, then the store's first products.
    expect(ids).toEqual([GULAB_JAMUN, 31, 32, 1, 2, 3, 4, 5]);

    await add(guest, PANEER);
    await add(guest, NAAN);
    const more = (await recommended(guest)).map((c) => c.id);
    expect(more).toHaveLength(8);
    expect(more).not.toContain(PANEER);
    expect(more).not.toContain(NAAN);
    expect(more).not.toContain(RASMALAI);
    // Starters, breads and desserts in listing order, cut at 8.
    expect(more).toEqual([2, 3, 4, 5, 17, 18, 19, 20]);
  });

  it("keeps to the store: a cart in one store does not change another's, and cards are the store's own", async () => {
    const guest = newGuest();
    await add(guest, PANEER);
    const food = await foodProductIds();
    const cards = await recommended(guest);
    expect(cards.every((c) => food.includes(c.id))).toBe(true);
    const retail = await recommended(guest, "retail.localhost");
    const retailFirst = await recommended(null, "retail.localhost");
    expect(retail).toEqual(retailFirst);
    expect(retail).toHaveLength(8);
    expect(retail.map((c) => c.slug)).not.toContain("paneer-tikka");
  });
});
