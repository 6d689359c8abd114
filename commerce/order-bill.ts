import type { CartPricing, TaxMode } from "./pricing";

/**
 * The bill an order keeps (orders.bill_json): the cart's figures at the moment it was placed, in minor units. The
 * order never re-prices; refunds and receipts read this.
 */
export interface BillSnapshot
  extends Pick<
    CartPricing,
    | "total_original_price"
    | "subtotal"
    | "product_price_discount"
    | "order_discount_amount"
    | "subtotal_after_discounts"
    | "delivery_charge"
    | "shipping_discount_amount"
  > {
  applied_additional_fees: { name: string; amount: number }[];
  tax_amount: number;
  /** True when prices include tax (tax_amount is then part of the lines, not added). */
  tax_inclusive: boolean;
  total: number;
  total_discount: number;
  /** The coupon that applied (as the store spells it), or null. */
  coupon_code: string | null;
}

export function billSnapshot(pricing: CartPricing, taxMode: TaxMode): BillSnapshot {
  const coupon = pricing.applied_discounts.find((d) => d.code !== null);
  return {
    total_original_price: pricing.total_original_price,
    subtotal: pricing.subtotal,
    product_price_discount: pricing.product_price_discount,
    order_discount_amount: pricing.order_discount_amount,
    subtotal_after_discounts: pricing.subtotal_after_discounts,
    delivery_charge: pricing.delivery_charge,
    shipping_discount_amount: pricing.shipping_discount_amount,
    applied_additional_fees: pricing.applied_additional_fees.map((f) => ({ name: f.name, amount: f.amount })),
    tax_amount: pricing.tax_amount,
    tax_inclusive: taxMode === "inclusive",
    total: pricing.total,
    total_discount: pricing.total_discount,
    coupon_code: pricing.coupon_applied ? (coupon?.code ?? pricing.customer_applied_coupon) : null,
  };
}
