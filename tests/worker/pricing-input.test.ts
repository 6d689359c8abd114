import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { currencyFromSettings, formatPrice, toMajor } from "../../commerce/money";
import { priceCart as priceCartMessages } from "../../commerce/pricing";
import type { Selection } from "../../commerce/product-options";
import food from "../../stores/food.json";
import retail from "../../stores/retail.json";
import { setCouponCode, setDeliveryLocation } from "../../worker/cart/cart-settings";
import { addItem, CartError, type CartScope } from "../../worker/cart/cart-store";
import { buildPricingInput, loadCartPricing } from "../../worker/cart/pricing-input";
import { customerOwner, guestOwner } from "../../worker/shopper/owner";
import { pricingInEnglish } from "./english";
import { insertOrder } from "./order-fixtures";
import { storeOf } from "./settings-helpers";

const priceCart = (...args: Parameters<typeof priceCartMessages>) => pricingInEnglish(priceCartMessages(...args));

const db = env.DB;
const none: Selection = { selectedAttributes: {}, selectedMultiAttributes: {} };
const inr = currencyFromSettings(food.settings);
const eur = currencyFromSettings(retail.settings);
const formatInr = (minor: number) => formatPrice(toMajor(minor, 2), inr);
const formatEur = (minor: number) => formatPrice(toMajor(minor, 2), eur);

// Food store (INR, prices include 5% GST). Paneer Tikka ₹279 (was ₹319), Butter Naan ₹55, Rasmalai ₹119 (Desserts).
const PANEER = 1;
const NAAN = 16;
const RASMALAI = 30;
// From the Indiranagar branch (12.9719, 77.6412): MG Road is 3.77 km (3–6 km slab, ₹45), Whitefield 11.8 km (beyond 10 km).
const MG_ROAD = { pincode: null, latitude: 12.9756, longitude: 77.6066 };
const WHITEFIELD = { pincode: null, latitude: 12.9698, longitude: 77.75 };

let foodId = 0;
let retailId = 0;

/** A customer id no account has (orders only name their owner). */
const customerId = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);

function scope(tenantId = foodId, branchId = 1): CartScope {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { tenantId, branchId, owner: guestOwner(hex) };
}
const add = (s: CartScope, product_id: number, quantity: number) =>
  addItem(db, s, { product_id, quantity, selection: none }).then((added) => added.value);
/** The pricing input with the store's settings, as the API reads them from the request's tenant. */
const pricingInput = async (on: D1Database, s: CartScope, now?: number) =>
  buildPricingInput(on, s, (await storeOf(s.tenantId)).settings, now);
const price = async (s: CartScope) => priceCart(await pricingInput(db, s), formatInr);

beforeAll(async () => {
  const ids = await db.prepare("SELECT id, slug FROM tenants").all<{ id: number; slug: string }>();
  foodId = ids.results.find((t) => t.slug === "food")!.id;
  retailId = ids.results.find((t) => t.slug === "retail")!.id;
});

describe("buildPricingInput on the demo food store", () => {
  it("loads lines with their tax rates, the store's settings, delivery slabs, fees and automatic discounts", async () => {
    const s = scope();
    await add(s, PANEER, 1);
    const input = await pricingInput(db, s, 1_000);
    expect(input.taxMode).toBe("inclusive");
    expect(input.now).toBe(1_000);
    expect(input.lines).toEqual([
      expect.objectContaining({
        productId: PANEER,
        categoryId: 1,
        quantity: 1,
        unitPrice: 27900,
        unitOriginalPrice: 31900,
        taxRateBp: 500,
        isAvailable: true,
      }),
    ]);
    expect(input.delivery).toEqual({
      fulfillment: "delivery",
      refusal: null,
      mode: "slabs",
      baseCharge: 4000,
      slabs: [
        { upToMetres: 3000, charge: 2500 },
        { upToMetres: 6000, charge: 4500 },
        { upToMetres: 10000, charge: 7000 },
      ],
      distanceMetres: null,
      freeAbove: 49900,
      showDistance: true,
    });
    expect(input.fees).toEqual([
      { id: 1, name: "Packaging charge", kind: "flat", value: 2000, minSubtotal: null, maxSubtotal: null, fulfillments: [], taxRateBp: 0 },
    ]);
    expect(input.automaticDiscounts).toEqual([
      expect.objectContaining({ id: 3, code: null, kind: "percent", value: 1000, categoryIds: [7] }),
    ]);
    expect(input.coupon).toBeNull();
    expect(input.customer).toEqual({ orderCount: 0 });
  });

  it("prices a cart with GST inside the prices, a slab charge from a known location and the packaging fee", async () => {
    const s = scope();
    await add(s, PANEER, 1);
    await add(s, NAAN, 2);
    await setDeliveryLocation(db, s, MG_ROAD);
    const cart = await price(s);
    // Lines: 279.00 and 2 × 55.00 = 110.00; subtotal 389.00; the compare-at 319.00 saves 40.00.
    expect(cart.subtotal).toBe(38900);
    expect(cart.total_original_price).toBe(42900);
    expect(cart.product_price_discount).toBe(4000);
    // GST 5% inside each line: 27900 × 5/105 = 1328.57 → 1329; 11000 × 5/105 = 523.81 → 524.
    expect(cart.lines.map((l) => l.tax)).toEqual([1329, 524]);
    expect(cart.tax_amount).toBe(1853);
    // 3,772 m from the branch: the 3–6 km slab, ₹45; not free below ₹499.
    expect(cart.delivery_distance).toBe(3.77);
    expect(cart.delivery_charge).toBe(4500);
    expect(cart.delivery_nudge).toEqual({ shortfall: 11000, label: "free delivery" });
    expect(cart.delivery_message).toBe(`Add ${formatInr(11000)} more for free delivery`);
    expect(cart.applied_additional_fees).toEqual([{ id: 1, name: "Packaging charge", amount: 2000, tax: 0 }]);
    // Inclusive: tax is not added. 389.00 + 45.00 + 20.00 = 454.00.
    expect(cart.total).toBe(45400);
    expect(cart.total_discount).toBe(4000);
    // No coupon on the cart, and the automatic desserts discount has nothing in scope: no nudge.
    expect(cart.coupon_applied).toBe(false);
    expect(cart.discount_eligibility_message).toBeNull();
  });

  it("applies the base charge for a pincode alone, and no delivery beyond the last slab", async () => {
    const s = scope();
    await add(s, NAAN, 1);
    await setDeliveryLocation(db, s, { pincode: "560038", latitude: null, longitude: null });
    const byPincode = await price(s);
    expect(byPincode.delivery_charge).toBe(4000);
    expect(byPincode.delivery_distance).toBeNull();
    expect(byPincode.is_delivery_available).toBe(true);

    await setDeliveryLocation(db, s, WHITEFIELD);
    const far = await price(s);
    expect(far.is_delivery_available).toBe(false);
    expect(far.delivery_charge).toBe(0);
    expect(far.delivery_distance).toBe(11.79);
    const { location } = await loadCartPricing(db, s, (await storeOf(s.tenantId)).settings);
    expect(location).toEqual({ pincode: null, latitude: 12.9698, longitude: 77.75 });
  });

  it("caps FEAST20 at ₹100, spreads it over the lines, and the discounted cart reaches free delivery", async () => {
    const s = scope();
    await add(s, PANEER, 2);
    await add(s, NAAN, 2);
    await setDeliveryLocation(db, s, MG_ROAD);
    await setCouponCode(db, s, "feast20"); // any case
    const cart = await price(s);
    // 2 × 279 + 2 × 55 = 668.00; 20% = 133.60, capped at 100.00.
    expect(cart.subtotal).toBe(66800);
    expect(cart.order_discount_amount).toBe(10000);
    expect(cart.coupon_applied).toBe(true);
    expect(cart.customer_applied_coupon).toBe("FEAST20");
    expect(cart.coupon_message).toBe(`FEAST20 applied: you saved ${formatInr(10000)}`);
    // Spread by largest remainder: 10000 × 558/668 = 8353.29 → 8353; 10000 × 110/668 = 1646.71 → 1647.
    expect(cart.lines.map((l) => l.order_discount)).toEqual([8353, 1647]);
    expect(cart.subtotal_after_discounts).toBe(56800);
    // GST on the discounted lines: 47447 × 5/105 = 2259.38 → 2259; 9353 × 5/105 = 445.38 → 445.
    expect(cart.tax_amount).toBe(2704);
    // 568.00 ≥ 499.00: free delivery, no nudge.
    expect(cart.delivery_charge).toBe(0);
    expect(cart.delivery_message).toBe("You get free delivery");
    expect(cart.total).toBe(56800 + 2000);
    expect(cart.total_discount).toBe(8000 + 10000);
  });

  it("refuses FEAST20 below its minimum order with the shortfall, and an unknown code as invalid", async () => {
    const s = scope();
    await add(s, NAAN, 2);
    await setCouponCode(db, s, "FEAST20");
    const small = await price(s);
    expect(small.coupon_applied).toBe(false);
    expect(small.coupon_message).toBe(`FEAST20 needs a minimum order of ${formatInr(30000)}: add ${formatInr(19000)} more`);
    expect(small.discount_eligibility_message).toBe(`Add ${formatInr(19000)} more to get 20% off up to ₹100 (FEAST20)`);

    await setCouponCode(db, s, "NOPE");
    const input = await pricingInput(db, s);
    expect(input.coupon).toEqual({ code: "NOPE", rule: null });
    expect(priceCart(input, formatInr).coupon_message).toBe("NOPE is not a valid coupon");

    await setCouponCode(db, s, null);
    expect((await pricingInput(db, s)).coupon).toBeNull();
    await expect(setCouponCode(db, s, "x".repeat(41))).rejects.toBeInstanceOf(CartError);
    await expect(setDeliveryLocation(db, s, { pincode: null, latitude: 95, longitude: 0 })).rejects.toBeInstanceOf(CartError);
  });

  it("counts redemptions: WELCOME50 works once per customer, and a usage limit counts everyone", async () => {
    const s = scope();
    await add(s, PANEER, 1);
    await setCouponCode(db, s, "WELCOME50");
    const first = await price(s);
    expect(first.coupon_applied).toBe(true);
    expect(first.order_discount_amount).toBe(5000);

    await db
      .prepare(
        "INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, created_at) VALUES (?1, 2, ?2, 0), (?3, 2, 'guest:someone-else', 0)",
      )
      .bind(foodId, s.owner, foodId)
      .run();
    const input = await pricingInput(db, s);
    expect(input.coupon?.rule).toEqual(expect.objectContaining({ id: 2, used: 2, customerUses: 1, perCustomerLimit: 1 }));
    const again = priceCart(input, formatInr);
    expect(again.coupon_applied).toBe(false);
    expect(again.coupon_message).toBe("You have already used WELCOME50 the maximum number of times");
  });

  it("WELCOME50 is for a first order: a placed order in this store counts, a cancelled or unpaid one does not", async () => {
    const s = { ...scope(), owner: customerOwner(customerId) };
    await add(s, PANEER, 1);
    await setCouponCode(db, s, "WELCOME50");
    const order = (status: string, tenantId = foodId) => insertOrder({ tenantId, customerId, status });
    await order("cancelled");
    await order("payment_failed");
    await order("pending_payment");
    await order("delivered", retailId); // another store's order is not this store's
    expect((await pricingInput(db, s)).customer).toEqual({ orderCount: 0 });
    expect((await price(s)).coupon_applied).toBe(true);

    await order("delivered");
    expect((await pricingInput(db, s)).customer).toEqual({ orderCount: 1 });
    const cart = await price(s);
    expect(cart.coupon_applied).toBe(false);
    expect(cart.order_discount_amount).toBe(0);
    expect(cart.coupon_message).toBe("WELCOME50 is valid on your first order only");
  });

  it("applies the automatic 10% off desserts to the desserts only", async () => {
    const s = scope();
    await add(s, RASMALAI, 1);
    await add(s, NAAN, 1);
    const cart = await price(s);
    // 10% of 119.00 = 11.90, on the Rasmalai line only.
    expect(cart.applied_discounts).toEqual([expect.objectContaining({ id: 3, code: null, amount: 1190 })]);
    expect(cart.lines.map((l) => l.order_discount)).toEqual([1190, 0]);
    expect(cart.subtotal_after_discounts).toBe(11900 + 5500 - 1190);
  });

  it("reports a line whose product left the catalogue as unavailable, and reads everything in one batch", async () => {
    const s = scope();
    const line = await add(s, PANEER, 1);
    const batches: number[] = [];
    const counting = new Proxy(db, {
      get(target, key) {
        if (key === "batch") {
          return (statements: D1PreparedStatement[]) => {
            batches.push(statements.length);
            return target.batch(statements);
          };
        }
        if (key === "prepare") return target.prepare.bind(target);
        throw new Error(`buildPricingInput used db.${String(key)}`);
      },
    });
    await pricingInput(counting, s);
    expect(batches).toHaveLength(1);

    await db.prepare("UPDATE products SET id = 9999 WHERE tenant_id = ?1 AND id = ?2").bind(foodId, PANEER).run();
    try {
      const cart = await price(s);
      expect(cart.lines).toEqual([]);
      expect(cart.adjusted_cart_items).toEqual([
        { cart_item_id: line.id, reason: "unavailable", old_unit_price: 27900, new_unit_price: 27900 },
      ]);
    } finally {
      await db.prepare("UPDATE products SET id = ?1 WHERE tenant_id = ?2 AND id = 9999").bind(PANEER, foodId).run();
    }
  });
});

describe("buildPricingInput on the demo retail store", () => {
  it("adds 19% VAT on top and charges the flat delivery", async () => {
    const s = scope(retailId, 1);
    await addItem(db, s, { product_id: 4, quantity: 2, selection: none }); // Long Sleeve Henley €39.95
    await setDeliveryLocation(db, s, { pincode: "20354", latitude: null, longitude: null });
    const cart = priceCart(await pricingInput(db, s), formatEur);
    expect(cart.subtotal).toBe(7990);
    // 7990 × 19% = 1518.1 → 1518, added on top.
    expect(cart.tax_amount).toBe(1518);
    expect(cart.delivery_charge).toBe(495);
    expect(cart.applied_additional_fees).toEqual([]);
    expect(cart.total).toBe(7990 + 495 + 1518);
  });

  it("prices an owner without a cart as empty", async () => {
    const cart = priceCart(await pricingInput(db, scope(retailId, 2)), formatEur);
    expect(cart.total).toBe(0);
    expect(cart.delivery_charge).toBe(0);
  });
});
