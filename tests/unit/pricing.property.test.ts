import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AdditionalFee,
  type DeliveryConfig,
  type DiscountRule,
  type PricingInput,
  type PricingLine,
  priceCart,
} from "../../commerce/pricing";

const RUNS = { numRuns: 300 };
/** Well under a second on an idle machine; vitest's 5 s default leaves too little margin on a loaded one. */
const TIMEOUT = 20_000;
const NOW = 1_750_000_000_000;
const format = (minor: number) => String(minor);

const money = fc.integer({ min: 0, max: 1_000_000 });
const rate = fc.constantFrom(0, 500, 1200, 1800, 2800);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
/** Null three times in four: restrictive rules set on every offer would leave almost every cart undiscounted. */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });

const linesArb: fc.Arbitrary<PricingLine[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 6, size: "max" })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          productId: fc.integer({ min: 1, max: 4 }),
          categoryId: optional(fc.integer({ min: 1, max: 3 })),
          quantity: fc.integer({ min: 1, max: 20 }),
          unitPrice: money,
          unitOriginalPrice: money,
          taxRateBp: rate,
          isAvailable: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
          unitPriceAtAdd: optional(money),
        }),
      ),
    ),
  );

const ruleArb = (code: string | null): fc.Arbitrary<DiscountRule> =>
  fc
    .record({
      id: fc.integer({ min: 1, max: 50 }),
      kind: fc.constantFrom("percent" as const, "fixed" as const, "free_delivery" as const),
      bp: fc.integer({ min: 0, max: 10_000 }),
      fixed: money,
      maxDiscount: optional(money),
      minSubtotal: rarely(money),
      startsAt: rarely(fc.integer({ min: NOW - 1000, max: NOW + 1000 })),
      endsAt: rarely(fc.integer({ min: NOW - 1000, max: NOW + 1000 })),
      usageLimit: rarely(fc.integer({ min: 0, max: 3 })),
      used: fc.integer({ min: 0, max: 3 }),
      perCustomerLimit: rarely(fc.integer({ min: 0, max: 2 })),
      customerUses: fc.integer({ min: 0, max: 2 }),
      firstOrderOnly: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      productIds: rarely(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 })).map((ids) => ids ?? []),
      categoryIds: rarely(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 })).map((ids) => ids ?? []),
      priority: fc.integer({ min: -2, max: 2 }),
    })
    .map(({ bp, fixed, ...r }) => ({ ...r, code, label: `offer ${r.id}`, value: r.kind === "percent" ? bp : fixed }));

const deliveryArb: fc.Arbitrary<DeliveryConfig> = fc.oneof(
  fc.constant({ fulfillment: "pickup" as const }),
  fc.record({
    fulfillment: fc.constant("delivery" as const),
    mode: fc.constantFrom("flat" as const, "slabs" as const),
    baseCharge: money,
    slabs: fc.array(fc.record({ upToMetres: fc.integer({ min: 0, max: 10_000 }), charge: money }), { minLength: 1, maxLength: 3 }),
    distanceMetres: optional(fc.integer({ min: 0, max: 12_000 })),
    freeAbove: rarely(money),
    showDistance: fc.boolean(),
  }),
);

const feeArb: fc.Arbitrary<AdditionalFee> = fc.record({
  id: fc.integer({ min: 1, max: 100 }),
  name: fc.constant("Fee"),
  kind: fc.constantFrom("flat" as const, "percent" as const),
  value: fc.integer({ min: 0, max: 5000 }),
  minSubtotal: rarely(money),
  maxSubtotal: rarely(money),
  fulfillments: fc.subarray(["delivery" as const, "pickup" as const]),
  taxRateBp: rate,
});

const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  lines: linesArb,
  taxMode: fc.constantFrom("inclusive" as const, "exclusive" as const),
  coupon: optional(
    fc.oneof(
      ruleArb("CODE").map((rule) => ({ code: "CODE", rule })),
      fc.constant({ code: "NOPE", rule: null }),
    ),
  ),
  // Distinct ids, as in the database: 100+ never clashes with the coupon's 1–50.
  automaticDiscounts: fc.array(ruleArb(null), { maxLength: 3, size: "max" }).map((rules) => rules.map((r, i) => ({ ...r, id: 100 + i }))),
  delivery: deliveryArb,
  fees: fc.array(feeArb, { maxLength: 3 }),
  customer: optional(fc.record({ orderCount: fc.integer({ min: 0, max: 2 }) })),
  now: fc.constant(NOW),
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("priceCart invariants", () => {
  it(
    "total equals the sum of its parts, and line figures add up to the order figures",
    () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          const p = priceCart(input, format);
          const fees = sum(p.applied_additional_fees.map((f) => f.amount));
          const exclusiveTax = input.taxMode === "exclusive" ? p.tax_amount : 0;
          expect(p.total).toBe(p.subtotal_after_discounts + p.delivery_charge - p.shipping_discount_amount + fees + exclusiveTax);
          expect(p.subtotal_after_discounts).toBe(p.subtotal - p.order_discount_amount);
          expect(p.product_price_discount).toBe(p.total_original_price - p.subtotal);
          expect(p.total_discount).toBe(p.product_price_discount + p.order_discount_amount + p.shipping_discount_amount);
          expect(sum(p.lines.map((l) => l.line_subtotal))).toBe(p.subtotal);
          expect(sum(p.lines.map((l) => l.order_discount))).toBe(p.order_discount_amount);
          expect(sum(p.applied_discounts.filter((d) => d.kind !== "free_delivery").map((d) => d.amount))).toBe(p.order_discount_amount);
          expect(sum(p.lines.map((l) => l.tax)) + sum(p.applied_additional_fees.map((f) => f.tax))).toBe(p.tax_amount);
          expect(
            sum(p.lines.map((l) => l.line_total)) +
              p.delivery_charge -
              p.shipping_discount_amount +
              fees +
              (input.taxMode === "exclusive" ? sum(p.applied_additional_fees.map((f) => f.tax)) : 0),
          ).toBe(p.total);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "no amount is negative, every figure is an integer, and no discount exceeds its base",
    () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          const p = priceCart(input, format);
          const figures = [
            p.total_original_price,
            p.subtotal,
            p.product_price_discount,
            p.order_discount_amount,
            p.subtotal_after_discounts,
            p.delivery_charge,
            p.shipping_discount_amount,
            p.tax_amount,
            p.total,
            p.total_discount,
            ...p.applied_additional_fees.flatMap((f) => [f.amount, f.tax]),
            ...p.applied_discounts.map((d) => d.amount),
            ...p.lines.flatMap((l) => [
              l.line_original,
              l.line_subtotal,
              l.product_discount,
              l.order_discount,
              l.line_net,
              l.tax,
              l.line_total,
            ]),
          ];
          for (const figure of figures) {
            expect(Number.isSafeInteger(figure)).toBe(true);
            expect(figure).toBeGreaterThanOrEqual(0);
          }
          expect(p.order_discount_amount).toBeLessThanOrEqual(p.subtotal);
          expect(p.product_price_discount).toBeLessThanOrEqual(p.total_original_price);
          expect(p.shipping_discount_amount).toBeLessThanOrEqual(p.delivery_charge);
          for (const l of p.lines) {
            expect(l.order_discount).toBeLessThanOrEqual(l.line_subtotal);
            if (input.taxMode === "inclusive") expect(l.tax).toBeLessThanOrEqual(l.line_net);
          }
          const caps = [...input.automaticDiscounts, ...(input.coupon?.rule ? [input.coupon.rule] : [])];
          for (const d of p.applied_discounts) {
            const rule = caps.find((r) => r.id === d.id && r.code === d.code)!;
            if (rule.maxDiscount !== null && d.kind !== "free_delivery") expect(d.amount).toBeLessThanOrEqual(rule.maxDiscount);
          }
          if (p.coupon_applied) expect(input.coupon?.rule).not.toBeNull();
          if (!p.is_delivery_available) expect(p.delivery_charge).toBe(0);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "the order of the lines, discounts and fees does not change any figure",
    () => {
      fc.assert(
        fc.property(inputArb, fc.nat(), (input, seed) => {
          const shuffle = <T>(items: T[]): T[] =>
            items
              .map((item, i) => ({ item, key: (seed * 7919 + i * 104_729) % 1_000_003 }))
              .sort((a, b) => a.key - b.key)
              .map((x) => x.item);
          // Discounts with equal priority and id are ordered by their position, so keep their ids distinct.
          const automaticDiscounts = input.automaticDiscounts.map((r, i) => ({ ...r, id: 100 + i }));
          const fees = input.fees.map((f, i) => ({ ...f, id: 100 + i }));
          const a = priceCart({ ...input, automaticDiscounts, fees }, format);
          const b = priceCart(
            { ...input, lines: shuffle([...input.lines].reverse()), automaticDiscounts: shuffle(automaticDiscounts), fees: shuffle(fees) },
            format,
          );
          expect(b).toEqual(a);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});
