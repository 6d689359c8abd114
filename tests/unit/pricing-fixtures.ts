import type { DiscountRule, PricingLine } from "../../commerce/pricing";

/** Builders for the pricing function's input, shared by its table tests: plain values a test overrides. */

let nextLineId = 1;

/** A priced line: one unit at 1000 minor units, untaxed, available; a fresh id unless one is given. */
export function lineInput(over: Partial<PricingLine> = {}): PricingLine {
  const id = over.id ?? nextLineId++;
  return {
    id,
    productId: id,
    categoryId: null,
    quantity: 1,
    unitPrice: 1000,
    unitOriginalPrice: over.unitPrice ?? 1000,
    taxRateBp: 0,
    isAvailable: true,
    unitPriceAtAdd: null,
    ...over,
  };
}

/** An automatic 10% discount (id 1) with no cap, minimum, window, limit or scope. */
export function discountRule(over: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: 1,
    code: null,
    label: "a discount",
    kind: "percent",
    value: 1000,
    maxDiscount: null,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    used: 0,
    perCustomerLimit: null,
    customerUses: 0,
    firstOrderOnly: false,
    productIds: [],
    categoryIds: [],
    priority: 0,
    ...over,
  };
}
