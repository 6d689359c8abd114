import { describe, expect, it } from "vitest";
import type { DiscountRule, PricingLine } from "../../commerce/pricing";
import { evaluateOffers, nudgeMessage as nudge, offerMessage as offer } from "../../commerce/pricing/discounts";
import { inEnglish } from "./english";
import { discountRule, lineInput } from "./pricing-fixtures";

const offerMessage = (...args: Parameters<typeof offer>) => inEnglish(offer(...args));
const nudgeMessage = (...args: Parameters<typeof nudge>) => inEnglish(nudge(...args));

const inr = (minor: number) => `₹${minor % 100 === 0 ? minor / 100 : (minor / 100).toFixed(2)}`;
const NOW = Date.UTC(2025, 5, 15);
const DAY = 86_400_000;

function line(id: number, unitPrice: number, categoryId: number | null = null, quantity = 1): PricingLine {
  return lineInput({ id, unitPrice, categoryId, quantity, unitPriceAtAdd: unitPrice });
}

function rule(over: Partial<DiscountRule> & Pick<DiscountRule, "id">): DiscountRule {
  return discountRule({ label: `Offer ${over.id}`, ...over });
}

const FEAST = rule({ id: 1, code: "FEAST20", label: "20% off (FEAST20)", value: 2000, maxDiscount: 10_000, minSubtotal: 30_000 });
const WELCOME = rule({ id: 2, code: "WELCOME50", label: "₹50 off (WELCOME50)", kind: "fixed", value: 5000, firstOrderOnly: true });
const DESSERTS = rule({ id: 3, label: "10% off desserts", categoryIds: [7] });
const ctx = (lines: PricingLine[], orderCount = 0) => ({ lines, customer: { orderCount }, now: NOW, fulfillment: "delivery" as const });

describe("evaluateOffers", () => {
  it("an empty cart applies nothing; a minimum order is the whole shortfall", () => {
    const result = evaluateOffers([DESSERTS], [FEAST, WELCOME], null, ctx([]));
    expect(result.coupons.map((o) => [o.applies, o.shortfall, o.refusal?.reason])).toEqual([
      [false, 30_000, "empty_cart"],
      [false, 0, "empty_cart"],
    ]);
    expect(offerMessage(result.coupons[0]!, inr)).toBe("Add ₹300 more to get 20% off (FEAST20)");
    expect(offerMessage(result.coupons[1]!, inr)).toBe("Add items to your cart to get ₹50 off (WELCOME50)");
    expect(result.automatic[0]).toMatchObject({ applies: false, shortfall: 0, refusal: { reason: "empty_cart" } });
  });

  it("below the minimum: the shortfall against the subtotal after automatic discounts, in the cart nudge's words", () => {
    // 200.00 of starters + 100.00 of desserts: 10% off desserts leaves 290.00, 10.00 short of FEAST20's 300.00.
    const result = evaluateOffers([DESSERTS], [FEAST], null, ctx([line(1, 20_000, 1), line(2, 10_000, 7)]));
    expect(result.automatic[0]).toMatchObject({ applies: true, amount: 1000, shortfall: 0, refusal: null });
    expect(result.coupons[0]).toMatchObject({ applies: false, amount: 0, shortfall: 1000, refusal: { reason: "min_order" } });
    expect(offerMessage(result.coupons[0]!, inr)).toBe(nudgeMessage("20% off (FEAST20)", 1000, inr));
    expect(offerMessage(result.coupons[0]!, inr)).toBe("Add ₹10 more to get 20% off (FEAST20)");
    expect(offerMessage(result.automatic[0]!, inr)).toBe("10% off desserts applies: you save ₹10");
  });

  it("above the minimum: the amount the engine gives, capped", () => {
    const result = evaluateOffers([DESSERTS], [FEAST, WELCOME], null, ctx([line(1, 60_000, 1)]));
    expect(result.coupons.map((o) => [o.applies, o.amount])).toEqual([
      [true, 10_000],
      [true, 5000],
    ]);
    expect(offerMessage(result.coupons[0]!, inr)).toBe("FEAST20 applies: you save ₹100");
    expect(result.automatic[0]).toMatchObject({ applies: false, refusal: { reason: "out_of_scope" } });
    expect(offerMessage(result.automatic[0]!, inr)).toBe("10% off desserts does not apply to the items in your cart");
  });

  it("keeps the engine's refusals: first order only, expired, not started, even on an empty cart", () => {
    const expired = rule({ id: 4, code: "OLD", endsAt: NOW - DAY });
    const later = rule({ id: 5, code: "SOON", startsAt: NOW + DAY });
    const full = evaluateOffers([], [WELCOME, expired, later], null, ctx([line(1, 10_000)], 2));
    expect(full.coupons.map((o) => o.refusal?.reason)).toEqual(["first_order", "expired", "not_started"]);
    expect(full.coupons.map((o) => offerMessage(o, inr))).toEqual([
      "WELCOME50 is valid on your first order only",
      "OLD has expired",
      "SOON is not active yet",
    ]);
    const empty = evaluateOffers([], [expired], null, ctx([]));
    expect(empty.coupons[0]!.refusal?.reason).toBe("expired");
  });

  it("evaluates each coupon as the cart's coupon, and automatic offers with the cart's current coupon", () => {
    // An earlier coupon (priority -1) takes the cart below the automatic offer's minimum.
    const big = rule({ id: 6, code: "BIG", kind: "fixed", value: 5000, priority: -1 });
    const auto = rule({ id: 7, label: "5% off over ₹100", value: 500, minSubtotal: 10_000 });
    const lines = [line(1, 12_000)];
    const without = evaluateOffers([auto], [big], null, ctx(lines));
    expect(without.automatic[0]).toMatchObject({ applies: true, amount: 600 });
    expect(without.coupons[0]).toMatchObject({ applies: true, amount: 5000 });
    const withBig = evaluateOffers([auto], [big], { code: "BIG", rule: big }, ctx(lines));
    expect(withBig.automatic[0]).toMatchObject({ applies: false, shortfall: 3000, refusal: { reason: "min_order" } });
  });

  it("free delivery applies without an amount", () => {
    const free = rule({ id: 8, code: "SHIPFREE", kind: "free_delivery", value: 0 });
    const result = evaluateOffers([], [free], null, ctx([line(1, 1000)]));
    expect(result.coupons[0]).toMatchObject({ applies: true, amount: 0 });
    expect(offerMessage(result.coupons[0]!, inr)).toBe("SHIPFREE applies: free delivery");
    expect(evaluateOffers([], [free], null, ctx([])).coupons[0]!.applies).toBe(false);
  });
});
