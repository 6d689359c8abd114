import { describe, expect, it } from "vitest";
import { type CurrencySettings, formatPrice, toMajor } from "../../commerce/money";
import {
  type AdditionalFee,
  type DeliveryConfig,
  type DiscountRule,
  type PricingInput,
  priceCart as priceCartMessages,
  pricingLine,
} from "../../commerce/pricing";
import { spread } from "../../commerce/pricing/arithmetic";
import type { ConfigurableProduct } from "../../commerce/product-options";
import { pricingInEnglish } from "./english";
import { discountRule, lineInput } from "./pricing-fixtures";

const priceCart = (...args: Parameters<typeof priceCartMessages>) => pricingInEnglish(priceCartMessages(...args));

const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const NOW = Date.UTC(2025, 5, 15);
const DAY = 86_400_000;

const line = lineInput;
const rule = (over: Partial<DiscountRule> = {}) => discountRule({ code: "SAVE", ...over });
const pickup: DeliveryConfig = { fulfillment: "pickup" };
function flat(baseCharge: number, freeAbove: number | null = null): DeliveryConfig {
  return { fulfillment: "delivery", mode: "flat", baseCharge, slabs: [], distanceMetres: null, freeAbove, showDistance: false };
}
function slabs(distanceMetres: number | null): DeliveryConfig {
  return {
    fulfillment: "delivery",
    mode: "slabs",
    baseCharge: 400,
    slabs: [
      { upToMetres: 5000, charge: 600 },
      { upToMetres: 2000, charge: 300 },
    ],
    distanceMetres,
    freeAbove: null,
    showDistance: true,
  };
}
function fee(over: Partial<AdditionalFee> = {}): AdditionalFee {
  return {
    id: 1,
    name: "Packaging",
    kind: "flat",
    value: 200,
    minSubtotal: null,
    maxSubtotal: null,
    fulfillments: [],
    taxRateBp: 0,
    ...over,
  };
}
function input(over: Partial<PricingInput> = {}): PricingInput {
  return {
    lines: [line()],
    taxMode: "exclusive",
    coupon: null,
    automaticDiscounts: [],
    delivery: pickup,
    fees: [],
    customer: { orderCount: 0 },
    now: NOW,
    ...over,
  };
}
const coupon = (r: Partial<DiscountRule>) => ({ code: r.code ?? "SAVE", rule: rule(r) });

describe("line prices, product discounts and tax", () => {
  it("adds up lines, product discounts and exclusive tax per product rate", () => {
    const p = priceCart(
      input({
        lines: [
          line({ id: 1, quantity: 2, unitPrice: 500, unitOriginalPrice: 600, taxRateBp: 1000 }),
          line({ id: 2, quantity: 1, unitPrice: 300, taxRateBp: 500 }),
        ],
      }),
      usd,
    );
    expect(p).toMatchObject({
      total_original_price: 1500,
      subtotal: 1300,
      product_price_discount: 200,
      order_discount_amount: 0,
      subtotal_after_discounts: 1300,
      tax_amount: 115, // 1000 × 10% + 300 × 5%
      total: 1415,
      total_discount: 200,
      delivery_charge: 0,
      is_delivery_available: true,
      delivery_message: null,
      coupon_applied: false,
      coupon_message: null,
      customer_applied_coupon: null,
    });
    expect(p.lines[0]).toMatchObject({ line_original: 1200, line_subtotal: 1000, product_discount: 200, tax: 100, line_total: 1100 });
  });

  it.each([
    // [amount, rate, mode, tax]
    [1050, 500, "inclusive", 50], // 1050 × 500 / 10500 = 50 exactly
    [100, 1800, "inclusive", 15], // 15.25 → 15
    [3, 10_000, "inclusive", 2], // 1.5 → 2 (half up)
    [5, 1000, "exclusive", 1], // 0.5 → 1 (half up)
    [4, 1000, "exclusive", 0], // 0.4 → 0
    [999, 0, "exclusive", 0],
  ] as const)("tax on %i at %i bp %s is %i", (unitPrice, taxRateBp, taxMode, tax) => {
    const p = priceCart(input({ lines: [line({ unitPrice, taxRateBp })], taxMode }), usd);
    expect(p.tax_amount).toBe(tax);
    expect(p.total).toBe(taxMode === "inclusive" ? unitPrice : unitPrice + tax);
  });

  it("rounds inclusive tax per line, not on the sum", () => {
    // Each 100 at 18% inclusive holds 15.25 → 15; three lines 45, where the sum 300 would give 45.76 → 46.
    const p = priceCart(input({ taxMode: "inclusive", lines: [1, 2, 3].map((id) => line({ id, unitPrice: 100, taxRateBp: 1800 })) }), usd);
    expect(p.tax_amount).toBe(45);
    expect(p.total).toBe(300);
  });

  it("treats a compare-at price below the price as no product discount", () => {
    const p = priceCart(input({ lines: [line({ unitPrice: 500, unitOriginalPrice: 400 })] }), usd);
    expect(p.product_price_discount).toBe(0);
    expect(p.total_original_price).toBe(500);
  });

  it("prices an empty cart at zero, with no delivery charge or fees", () => {
    const p = priceCart(input({ lines: [], delivery: flat(500, 5000), fees: [fee()] }), usd);
    expect(p).toMatchObject({ subtotal: 0, delivery_charge: 0, applied_additional_fees: [], total: 0, delivery_message: null });
  });

  it("refuses malformed amounts instead of pricing them", () => {
    expect(() => priceCart(input({ lines: [line({ quantity: 0 })] }), usd)).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line({ unitPrice: 1.5 })] }), usd)).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line({ id: 9 }), line({ id: 9 })] }), usd)).toThrow(RangeError);
  });
});

describe("spreading an order discount over lines (largest remainder)", () => {
  it("gives the odd cent of 100 over three equal lines to the smallest id, whatever the line order", () => {
    const lines = [3, 1, 2].map((id) => line({ id, unitPrice: 100, taxRateBp: 1000 }));
    const p = priceCart(input({ lines, coupon: coupon({ kind: "fixed", value: 100 }) }), usd);
    expect(p.lines.map((l) => [l.id, l.order_discount])).toEqual([
      [1, 34],
      [2, 33],
      [3, 33],
    ]);
    // Tax per line on 66, 67, 67: 6.6 → 7, 6.7 → 7, 6.7 → 7.
    expect(p.tax_amount).toBe(21);
    expect(p.total).toBe(221);
  });

  it("splits in proportion and hands leftovers to the largest remainders", () => {
    // 10 over 100/200/300: 1.67, 3.33, 5 → floors 1, 3, 5; the leftover unit goes to the first (remainder 0.67).
    expect([
      ...spread(10, [
        { id: 1, weight: 100 },
        { id: 2, weight: 200 },
        { id: 3, weight: 300 },
      ]).values(),
    ]).toEqual([2, 3, 5]);
    expect([...spread(0, [{ id: 1, weight: 0 }]).values()]).toEqual([0]);
  });
});

describe("coupons", () => {
  const big = [line({ id: 1, unitPrice: 6000 }), line({ id: 2, unitPrice: 4000 })];

  it("applies a percent coupon with a cap and says how much was saved", () => {
    const p = priceCart(input({ lines: big, coupon: coupon({ code: "SAVE20", value: 2000, maxDiscount: 1500, minSubtotal: 5000 }) }), usd);
    expect(p).toMatchObject({
      order_discount_amount: 1500, // 20% of 10000 = 2000, capped at 1500
      subtotal_after_discounts: 8500,
      total: 8500,
      total_discount: 1500,
      coupon_applied: true,
      coupon_message: "SAVE20 applied: you saved $15.00",
      customer_applied_coupon: "SAVE20",
    });
    expect(p.lines.map((l) => l.order_discount)).toEqual([900, 600]);
  });

  it("rounds a percent coupon half up on its base", () => {
    // 12.5% of 1004 = 125.5 → 126
    const p = priceCart(input({ lines: [line({ unitPrice: 1004 })], coupon: coupon({ value: 1250 }) }), usd);
    expect(p.order_discount_amount).toBe(126);
  });

  it("caps a fixed coupon at the goods it applies to", () => {
    const p = priceCart(
      input({ lines: [line({ unitPrice: 3000, taxRateBp: 1000 })], coupon: coupon({ kind: "fixed", value: 5000 }) }),
      usd,
    );
    expect(p).toMatchObject({ order_discount_amount: 3000, subtotal_after_discounts: 0, tax_amount: 0, total: 0 });
  });

  it.each([
    ["the minimum order is not met", { minSubtotal: 5000 }, "SAVE needs a minimum order of $50.00: add $10.00 more"],
    ["it has not started", { startsAt: NOW + DAY }, "SAVE is not active yet"],
    ["it has expired", { endsAt: NOW - 1 }, "SAVE has expired"],
    ["its total usage limit is reached", { usageLimit: 10, used: 10 }, "SAVE has reached its usage limit"],
    ["the customer used it up", { perCustomerLimit: 1, customerUses: 1 }, "You have already used SAVE the maximum number of times"],
    ["it is first-order only", { firstOrderOnly: true }, "SAVE is valid on your first order only"],
    ["no item is in its scope", { productIds: [99], categoryIds: [98] }, "SAVE does not apply to the items in your cart"],
  ] as const)("does not apply when %s, and says why", (_, over, message) => {
    const p = priceCart(
      input({ lines: [line({ unitPrice: 4000, categoryId: 5 })], customer: { orderCount: 2 }, coupon: coupon(over) }),
      usd,
    );
    expect(p).toMatchObject({
      coupon_applied: false,
      coupon_message: message,
      order_discount_amount: 0,
      total: 4000,
      customer_applied_coupon: "SAVE",
    });
  });

  it("applies on the last valid instant and to a guest's or a first order", () => {
    const at = (over: Partial<DiscountRule>, customer: PricingInput["customer"]) =>
      priceCart(input({ coupon: coupon(over), customer }), usd).coupon_applied;
    expect(at({ endsAt: NOW, startsAt: NOW }, null)).toBe(true);
    expect(at({ firstOrderOnly: true }, { orderCount: 0 })).toBe(true);
    expect(at({ firstOrderOnly: true }, null)).toBe(true);
    expect(at({ usageLimit: 10, used: 9, perCustomerLimit: 2, customerUses: 1 }, null)).toBe(true);
  });

  it("names an unknown code without failing", () => {
    const p = priceCart(input({ coupon: { code: "NOPE", rule: null } }), usd);
    expect(p).toMatchObject({ coupon_applied: false, coupon_message: "NOPE is not a valid coupon", customer_applied_coupon: "NOPE" });
  });

  it("limits a product- or category-scoped coupon to its lines", () => {
    const lines = [
      line({ id: 1, productId: 7, categoryId: 1, unitPrice: 1000 }),
      line({ id: 2, productId: 8, categoryId: 2, unitPrice: 2000 }),
    ];
    const byProduct = priceCart(input({ lines, coupon: coupon({ productIds: [7] }) }), usd);
    expect(byProduct.lines.map((l) => l.order_discount)).toEqual([100, 0]);
    const byCategory = priceCart(input({ lines, coupon: coupon({ categoryIds: [2] }) }), usd);
    expect(byCategory.lines.map((l) => l.order_discount)).toEqual([0, 200]);
  });
});

describe("automatic discounts with the coupon, re-tested after each", () => {
  const lines = [line({ unitPrice: 10_000 })];
  const auto = rule({ id: 10, code: null, label: "10% off everything", value: 1000 });

  it("stacks them, each on what the earlier ones left", () => {
    const p = priceCart(input({ lines, automaticDiscounts: [auto], coupon: coupon({ id: 2, value: 1000 }) }), usd);
    // 10% of 10000 = 1000; then 10% of 9000 = 900.
    expect(p.order_discount_amount).toBe(1900);
    expect(p.applied_discounts.map((d) => [d.id, d.amount])).toEqual([
      [10, 1000],
      [2, 900],
    ]);
    expect(p.coupon_message).toBe("SAVE applied: you saved $9.00");
  });

  it("refuses a coupon whose minimum an earlier discount undercut, and nudges by the shortfall", () => {
    const p = priceCart(
      input({ lines, automaticDiscounts: [auto], coupon: coupon({ id: 2, label: "5% off (SAVE)", value: 500, minSubtotal: 9500 }) }),
      usd,
    );
    expect(p).toMatchObject({
      order_discount_amount: 1000,
      coupon_applied: false,
      coupon_message: "SAVE needs a minimum order of $95.00: add $5.00 more",
      discount_nudge: { shortfall: 500, label: "5% off (SAVE)" },
      discount_eligibility_message: "Add $5.00 more to get 5% off (SAVE)",
    });
  });

  it("applies in priority order: a lower number first", () => {
    const fixedFirst = rule({ id: 11, code: null, kind: "fixed", value: 1000, priority: -1 });
    const p = priceCart(input({ lines, automaticDiscounts: [auto, fixedFirst] }), usd);
    // 1000 off, then 10% of 9000.
    expect(p.order_discount_amount).toBe(1900);
  });

  it("nudges toward the closest unmet minimum among automatic offers", () => {
    const p = priceCart(
      input({
        lines: [line({ unitPrice: 9000 })],
        automaticDiscounts: [
          rule({ id: 1, code: null, label: "15% off orders over $150", value: 1500, minSubtotal: 15_000 }),
          rule({ id: 2, code: null, label: "10% off orders over $100", value: 1000, minSubtotal: 10_000 }),
          rule({ id: 3, code: null, label: "expired offer", minSubtotal: 9100, endsAt: NOW - DAY }),
        ],
      }),
      usd,
    );
    expect(p.discount_eligibility_message).toBe("Add $10.00 more to get 10% off orders over $100");
    expect(p.order_discount_amount).toBe(0);
  });
});

describe("delivery", () => {
  const lines = [line({ unitPrice: 3000 })];

  it("charges a flat fee and nudges toward the free-delivery threshold", () => {
    const p = priceCart(input({ lines, delivery: flat(500, 5000) }), usd);
    expect(p).toMatchObject({
      delivery_charge: 500,
      total: 3500,
      delivery_nudge: { shortfall: 2000 },
      delivery_message: "Add $20.00 more for free delivery",
      show_delivery_distance: false,
      delivery_distance: null,
    });
  });

  it("is free at the threshold, judged after order discounts", () => {
    expect(priceCart(input({ lines: [line({ unitPrice: 5000 })], delivery: flat(500, 5000) }), usd)).toMatchObject({
      delivery_charge: 0,
      delivery_message: "You get free delivery",
      total: 5000,
    });
    const discounted = priceCart(
      input({ lines: [line({ unitPrice: 5500 })], delivery: flat(500, 5000), coupon: coupon({ kind: "fixed", value: 1000 }) }),
      usd,
    );
    expect(discounted).toMatchObject({ subtotal_after_discounts: 4500, delivery_charge: 500, total: 5000 });
  });

  it.each([
    [1500, 300, true, 1.5],
    [2000, 300, true, 2],
    [3400, 600, true, 3.4],
    [6000, 0, false, 6],
  ])("at %i m the slab charge is %i", (metres, charge, available, km) => {
    const p = priceCart(input({ lines, delivery: slabs(metres) }), usd);
    expect(p).toMatchObject({
      delivery_charge: charge,
      is_delivery_available: available,
      delivery_distance: km,
      show_delivery_distance: true,
    });
    if (!available) expect(p.delivery_message).toBe("Delivery is not available to this address");
  });

  it("charges the base rate and shows no distance before a location is known", () => {
    expect(priceCart(input({ lines, delivery: slabs(null) }), usd)).toMatchObject({
      delivery_charge: 400,
      delivery_distance: null,
      show_delivery_distance: false,
    });
  });

  it("hides the distance when the store says so", () => {
    const config = { ...slabs(1234), showDistance: false } as DeliveryConfig;
    expect(priceCart(input({ lines, delivery: config }), usd)).toMatchObject({ delivery_distance: null, show_delivery_distance: false });
  });
});

describe("free-delivery discounts", () => {
  const lines = [line({ unitPrice: 3000 })];
  const freeShip = { code: "FREESHIP", kind: "free_delivery" as const, label: "free delivery (FREESHIP)" };

  it("removes the delivery charge, never more, and counts it in total_discount", () => {
    const p = priceCart(input({ lines, delivery: flat(500, 5000), coupon: coupon(freeShip) }), usd);
    expect(p).toMatchObject({
      delivery_charge: 500,
      shipping_discount_amount: 500,
      total: 3000,
      total_discount: 500,
      coupon_applied: true,
      coupon_message: "FREESHIP applied: free delivery",
      delivery_message: "You get free delivery",
      delivery_nudge: null,
    });
  });

  it("does not apply to pickup or where delivery is unavailable", () => {
    expect(priceCart(input({ lines, coupon: coupon(freeShip) }), usd)).toMatchObject({
      coupon_applied: false,
      coupon_message: "FREESHIP applies to delivery orders only",
    });
    expect(priceCart(input({ lines, delivery: slabs(9000), coupon: coupon(freeShip) }), usd)).toMatchObject({
      coupon_applied: false,
      shipping_discount_amount: 0,
      coupon_message: "FREESHIP cannot be used: delivery is not available to this address",
    });
  });

  it("respects its minimum order", () => {
    const p = priceCart(input({ lines, delivery: flat(500), coupon: coupon({ ...freeShip, minSubtotal: 4000 }) }), usd);
    expect(p).toMatchObject({ coupon_applied: false, shipping_discount_amount: 0, total: 3500 });
  });
});

describe("additional fees", () => {
  it("applies flat and percent fees within their conditions, taxed at their own rate", () => {
    const p = priceCart(
      input({
        lines: [line({ unitPrice: 1234 })],
        delivery: flat(0),
        fees: [
          fee({ id: 1, name: "Packaging", value: 200, fulfillments: ["delivery"], taxRateBp: 1800 }),
          fee({ id: 2, name: "Service", kind: "percent", value: 250, minSubtotal: 1000 }),
          fee({ id: 3, name: "Small order", value: 100, maxSubtotal: 999 }),
          fee({ id: 4, name: "Counter", value: 50, fulfillments: ["pickup"] }),
        ],
      }),
      usd,
    );
    // Packaging 200 + 18% = 36; service 2.5% of 1234 = 30.85 → 31; small order and counter fees do not apply.
    expect(p.applied_additional_fees).toEqual([
      { id: 1, name: "Packaging", amount: 200, tax: 36 },
      { id: 2, name: "Service", amount: 31, tax: 0 },
    ]);
    expect(p.tax_amount).toBe(36);
    expect(p.total).toBe(1234 + 200 + 31 + 36);
  });

  it("contains its tax when prices are inclusive", () => {
    const p = priceCart(input({ taxMode: "inclusive", fees: [fee({ value: 118, taxRateBp: 1800 })] }), usd);
    expect(p.applied_additional_fees[0]).toMatchObject({ amount: 118, tax: 18 });
    expect(p.total).toBe(1000 + 118);
  });
});

describe("adjusted cart items", () => {
  it("leaves unavailable lines out of every figure and reports price changes", () => {
    const p = priceCart(
      input({
        lines: [
          line({ id: 1, unitPrice: 1200, unitPriceAtAdd: 1000 }),
          line({ id: 2, unitPrice: 500, isAvailable: false, unitPriceAtAdd: 500 }),
          line({ id: 3, unitPrice: 700, unitPriceAtAdd: 700 }),
        ],
      }),
      usd,
    );
    expect(p.subtotal).toBe(1900);
    expect(p.lines.map((l) => l.id)).toEqual([1, 3]);
    expect(p.adjusted_cart_items).toEqual([
      { cart_item_id: 1, reason: "price_changed", old_unit_price: 1000, new_unit_price: 1200 },
      { cart_item_id: 2, reason: "unavailable", old_unit_price: 500, new_unit_price: 500 },
    ]);
  });
});

describe("currencies with 0 and 3 decimal places", () => {
  it("prices yen in whole units and formats the messages the store's way", () => {
    const jpy: CurrencySettings = { locale: "en-US", currencyCode: "JPY", decimalPlaces: 0, symbolPlacement: "before" };
    const format = (minor: number) => formatPrice(toMajor(minor, 0), jpy);
    const p = priceCart(
      input({
        lines: [line({ id: 1, unitPrice: 1500, quantity: 3, taxRateBp: 1000 })],
        taxMode: "inclusive",
        coupon: coupon({ code: "OFF7", value: 700 }),
        delivery: flat(300, 5000),
      }),
      format,
    );
    // 7% of 4500 = 315; net 4185 holds 4185 × 1000 / 11000 = 380.45 → 380.
    expect(p).toMatchObject({ order_discount_amount: 315, tax_amount: 380, delivery_charge: 300, total: 4485 });
    expect(p.coupon_message).toBe("OFF7 applied: you saved ¥315");
    expect(p.delivery_message).toBe("Add ¥815 more for free delivery");
  });

  it("prices dinars in fils, spreading a percent coupon exactly over three lines", () => {
    const kwd = (minor: number) => `KWD ${(minor / 1000).toFixed(3)}`;
    const p = priceCart(
      input({
        lines: [
          line({ id: 1, unitPrice: 1234, taxRateBp: 500 }),
          line({ id: 2, unitPrice: 2500, quantity: 2, taxRateBp: 500 }),
          line({ id: 3, unitPrice: 999, taxRateBp: 500 }),
        ],
        coupon: coupon({ value: 1500 }),
      }),
      kwd,
    );
    // 15% of 7233 = 1084.95 → 1085. Shares of 1085 by 1234/5000/999 of 7233: 185.11, 750.03, 149.86 → 185, 750, 149
    // (1084), the last fils to the largest remainder: line 3 → 150.
    expect(p.lines.map((l) => l.order_discount)).toEqual([185, 750, 150]);
    // Nets 1049, 4250, 849 at 5%: 52.45 → 52, 212.5 → 213, 42.45 → 42.
    expect(p.lines.map((l) => l.tax)).toEqual([52, 213, 42]);
    expect(p).toMatchObject({ subtotal: 7233, order_discount_amount: 1085, subtotal_after_discounts: 6148, tax_amount: 307, total: 6455 });
    expect(p.coupon_message).toBe("SAVE applied: you saved KWD 1.085");
  });
});

describe("pricingLine (from product options)", () => {
  const product: ConfigurableProduct = {
    selling_price: 1000,
    attributes: [
      {
        id: 1,
        name: "Size",
        values: [
          { id: 11, value: "Small" },
          { id: 12, value: "Large" },
        ],
      },
    ],
    combinations: [
      { ids: [11], price: 1000, variant_id: 1 },
      { ids: [12], price: 1500, variant_id: 2 },
    ],
    multi_selectable_attributes: [
      {
        id: 5,
        name: "Toppings",
        min_select: 0,
        max_select: 2,
        values: [{ id: 51, value: "Cheese", price: 200, dependencies: [], variant_prices: [] }],
      },
    ],
  };
  const facts = {
    id: 4,
    productId: 9,
    categoryId: 2,
    quantity: 2,
    taxRateBp: 500,
    originalPrice: 1200,
    unitPriceAtAdd: 1700,
    isSold: true,
  };

  it("prices a line through checkSelection, with the product discount on top", () => {
    const l = pricingLine(product, { selectedAttributes: { 1: 12 }, selectedMultiAttributes: { 5: [51] } }, facts);
    expect(l).toMatchObject({ unitPrice: 1700, unitOriginalPrice: 1900, isAvailable: true, quantity: 2 });
  });

  it("makes a line whose options are no longer valid unavailable", () => {
    const l = pricingLine(product, { selectedAttributes: { 1: 99 }, selectedMultiAttributes: {} }, facts);
    expect(l.isAvailable).toBe(false);
    expect(priceCart(input({ lines: [l] }), usd).adjusted_cart_items).toEqual([
      { cart_item_id: 4, reason: "unavailable", old_unit_price: 1700, new_unit_price: 1700 },
    ]);
  });
});
