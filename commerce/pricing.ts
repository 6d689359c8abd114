import { type Message, message } from "./i18n/message";
/**
 * Cart pricing: one pure function that every cart answer and place-order use, so a figure is the same on every
 * screen and at checkout. Integer minor units throughout; the order of operations is
 *   line prices (from product-options) → automatic discounts and the coupon, each tested against the cart the
 *   earlier ones left, spread over the lines → delivery charge → shipping discounts → additional fees → tax → total.
 * The identities the result satisfies, and the one definition of total_discount, are on `CartPricing` in
 * ./pricing/types.ts. Rounding happens in exactly these places, all half up: a percent discount once on its base,
 * a percent fee once, tax once per line and per fee. Spreading an order discount over lines uses largest remainder
 * (./pricing/arithmetic.ts), so nothing is lost or made up between the order figure and the line figures.
 * A coupon that does not apply is an answer, not an error: coupon_applied false and coupon_message saying why.
 */

import { sum } from "./pricing/arithmetic";
import { deliveryCharge } from "./pricing/delivery";
import { applyDiscounts, nudgeMessage, refusalMessage } from "./pricing/discounts";
import { applyFees } from "./pricing/fees";
import { taxOn } from "./pricing/tax";
import type {
  AdjustedCartItem,
  AppliedDiscount,
  CartPricing,
  FormatAmount,
  LinePricing,
  Nudge,
  PricingInput,
  PricingLine,
} from "./pricing/types";
import { type ConfigurableProduct, checkSelection, type Selection } from "./product-options";

export type * from "./pricing/types";

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative integer in minor units, got ${value}`);
}

function assertInput(input: PricingInput): void {
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`line ${line.id}: quantity must be a positive integer`);
    assertAmount(line.unitPrice, `line ${line.id} unitPrice`);
    assertAmount(line.unitOriginalPrice, `line ${line.id} unitOriginalPrice`);
    assertAmount(line.taxRateBp, `line ${line.id} taxRateBp`);
  }
  if (new Set(input.lines.map((l) => l.id)).size !== input.lines.length) throw new RangeError("line ids must be unique");
  for (const rule of [...input.automaticDiscounts, ...(input.coupon?.rule ? [input.coupon.rule] : [])]) {
    assertAmount(rule.value, `discount ${rule.id} value`);
    if (rule.maxDiscount !== null) assertAmount(rule.maxDiscount, `discount ${rule.id} maxDiscount`);
  }
  for (const fee of input.fees) assertAmount(fee.value, `fee ${fee.id} value`);
  if (input.delivery.fulfillment === "delivery") {
    assertAmount(input.delivery.baseCharge, "baseCharge");
    for (const slab of input.delivery.slabs) assertAmount(slab.charge, "slab charge");
  }
}

/**
 * Prices a cart. `format` turns minor units into the shopper's text for the messages (build it from the store's
 * currency with formatPrice(toMajor(minor, decimalPlaces), currency)); every figure stays structured as well.
 */
export function priceCart(input: PricingInput, format: FormatAmount): CartPricing {
  assertInput(input);
  const fulfillment = input.delivery.fulfillment;
  // Unavailable lines are reported, never charged. Sorting by id makes every step independent of line order.
  const lines = input.lines.filter((l) => l.isAvailable).sort((a, b) => a.id - b.id);
  const hasLines = lines.length > 0;

  const stage = applyDiscounts(input.automaticDiscounts, input.coupon, { lines, customer: input.customer, now: input.now, fulfillment });

  const linePricing: LinePricing[] = lines.map((line) => {
    const unitOriginal = Math.max(line.unitOriginalPrice, line.unitPrice);
    const lineSubtotal = line.unitPrice * line.quantity;
    const orderDiscount = stage.lineDiscounts.get(line.id)!;
    const lineNet = lineSubtotal - orderDiscount;
    const tax = taxOn(lineNet, line.taxRateBp, input.taxMode);
    return {
      id: line.id,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      unit_original_price: unitOriginal,
      line_original: unitOriginal * line.quantity,
      line_subtotal: lineSubtotal,
      product_discount: (unitOriginal - line.unitPrice) * line.quantity,
      order_discount: orderDiscount,
      line_net: lineNet,
      tax,
      line_total: input.taxMode === "exclusive" ? lineNet + tax : lineNet,
    };
  });

  const total_original_price = sum(linePricing.map((l) => l.line_original));
  const subtotal = sum(linePricing.map((l) => l.line_subtotal));
  const order_discount_amount = sum(linePricing.map((l) => l.order_discount));
  const subtotal_after_discounts = subtotal - order_discount_amount;

  const delivery = deliveryCharge(input.delivery, subtotal_after_discounts, hasLines, format);
  const freeDelivery = delivery.available ? stage.freeDelivery[0] : undefined;
  // A free-delivery discount removes the charge, never more: shipping_discount_amount ≤ delivery_charge.
  const shipping_discount_amount = freeDelivery ? delivery.charge : 0;
  const deliveryMessage = freeDelivery && delivery.charge > 0 ? message("pricing.free_delivery") : delivery.message;
  const deliveryNudge = freeDelivery ? null : delivery.nudge;

  const fees = applyFees(input.fees, subtotal_after_discounts, fulfillment, hasLines, input.taxMode);
  const feeTotal = sum(fees.map((f) => f.amount));
  const tax_amount = sum(linePricing.map((l) => l.tax)) + sum(fees.map((f) => f.tax));
  const total =
    subtotal_after_discounts + delivery.charge - shipping_discount_amount + feeTotal + (input.taxMode === "exclusive" ? tax_amount : 0);
  const product_price_discount = total_original_price - subtotal;

  const applied_discounts: AppliedDiscount[] = stage.applied.map(({ rule, amount }) => ({
    id: rule.id,
    code: rule.code,
    label: rule.label,
    kind: rule.kind,
    amount,
  }));
  if (freeDelivery) {
    applied_discounts.push({
      id: freeDelivery.id,
      code: freeDelivery.code,
      label: freeDelivery.label,
      kind: "free_delivery",
      amount: shipping_discount_amount,
    });
  }

  let coupon_applied = false;
  let coupon_message: Message | null = null;
  const coupon = stage.coupon;
  if (coupon) {
    if (!coupon.check.ok) {
      coupon_message = refusalMessage(coupon.code, coupon.check, format);
    } else if (coupon.rule?.kind === "free_delivery") {
      coupon_applied = delivery.available;
      coupon_message = delivery.available
        ? message("pricing.coupon_applied_free_delivery", { code: coupon.code })
        : message("pricing.coupon_no_delivery", { code: coupon.code });
    } else {
      coupon_applied = true;
      coupon_message = message("pricing.coupon_applied_saved", { code: coupon.code, amount: format(coupon.amount) });
    }
  }

  const discount_nudge = closestNudge(stage.nearMisses.map(({ rule, shortfall }) => ({ shortfall, label: rule.label })));

  return {
    lines: linePricing,
    total_original_price,
    subtotal,
    product_price_discount,
    order_discount_amount,
    subtotal_after_discounts,
    delivery_charge: delivery.charge,
    shipping_discount_amount,
    applied_additional_fees: fees,
    tax_amount,
    total,
    total_discount: product_price_discount + order_discount_amount + shipping_discount_amount,
    applied_discounts,
    customer_applied_coupon: input.coupon?.code ?? null,
    coupon_applied,
    coupon_message,
    discount_nudge,
    discount_eligibility_message: discount_nudge ? nudgeMessage(discount_nudge.label, discount_nudge.shortfall, format) : null,
    delivery_nudge: deliveryNudge,
    delivery_message: deliveryMessage,
    is_delivery_available: delivery.available,
    delivery_distance: delivery.showDistance ? delivery.distance : null,
    show_delivery_distance: delivery.showDistance,
    adjusted_cart_items: adjustedItems(input.lines),
  };
}

/** The smallest shortfall wins; ties go to the first rule in application order. */
function closestNudge(nudges: Nudge[]): Nudge | null {
  let best: Nudge | null = null;
  for (const nudge of nudges) if (!best || nudge.shortfall < best.shortfall) best = nudge;
  return best;
}

function adjustedItems(lines: readonly PricingLine[]): AdjustedCartItem[] {
  const adjusted: AdjustedCartItem[] = [];
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    if (!line.isAvailable) {
      adjusted.push({ cart_item_id: line.id, reason: "unavailable", old_unit_price: line.unitPriceAtAdd, new_unit_price: line.unitPrice });
    } else if (line.unitPriceAtAdd !== null && line.unitPriceAtAdd !== line.unitPrice) {
      adjusted.push({
        cart_item_id: line.id,
        reason: "price_changed",
        old_unit_price: line.unitPriceAtAdd,
        new_unit_price: line.unitPrice,
      });
    }
  }
  return adjusted;
}

export interface CartItemFacts {
  id: number;
  productId: number;
  categoryId: number | null;
  quantity: number;
  taxRateBp: number;
  /** The product's compare-at price for its base (selling) price, or null; its gap to selling_price is the per-unit product discount. */
  originalPrice: number | null;
  unitPriceAtAdd: number | null;
  /** False when the product or branch no longer sells it. */
  isSold: boolean;
}

/**
 * Builds a pricing line from the product (minor units) and the stored selection, through product-options'
 * checkSelection: a selection that is no longer valid makes the line unavailable rather than mispriced. The product
 * discount per unit is originalPrice − selling_price (when positive), whatever the options chosen.
 */
export function pricingLine(product: ConfigurableProduct, selection: Selection, item: CartItemFacts): PricingLine {
  const check = checkSelection(product, selection);
  const unitPrice = check.ok ? check.unitPrice : (item.unitPriceAtAdd ?? 0);
  const perUnitDiscount = item.originalPrice === null ? 0 : Math.max(0, item.originalPrice - product.selling_price);
  return {
    id: item.id,
    productId: item.productId,
    categoryId: item.categoryId,
    quantity: item.quantity,
    unitPrice,
    unitOriginalPrice: unitPrice + perUnitDiscount,
    taxRateBp: item.taxRateBp,
    isAvailable: item.isSold && check.ok,
    unitPriceAtAdd: item.unitPriceAtAdd,
  };
}
