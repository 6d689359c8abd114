import type { Message } from "../i18n/message";
/**
 * Plain-data input and output of the cart pricing function. Every amount is an integer in the store currency's
 * minor units (cents, paise, fils, yen); every rate and percentage is in basis points (1000 = 10%); every instant is
 * epoch milliseconds. A D1 loader builds the input from rows; nothing here holds functions or class instances.
 */

/** Whether catalogue prices already contain tax (GST-style menus) or tax is added on top. */
export type TaxMode = "inclusive" | "exclusive";

export type Fulfillment = "delivery" | "pickup";

/** One cart item as loaded: its current price comes from `checkSelection`/`unitPrice` in product-options. */
export interface PricingLine {
  /** The cart item id; also the tie-breaker when spreading, so line order never changes a figure. */
  id: number;
  productId: number;
  categoryId: number | null;
  quantity: number;
  /** Current price of one unit as chosen (combination or selling price plus add-ons). */
  unitPrice: number;
  /** Compare-at price of one unit; the product price discount is (unitOriginalPrice − unitPrice) × quantity. */
  unitOriginalPrice: number;
  taxRateBp: number;
  /** False when the product, branch or chosen options are no longer sold: the line is left out of every figure. */
  isAvailable: boolean;
  /** The unit price when the item was added (null if unknown); a different current price is reported as adjusted. */
  unitPriceAtAdd: number | null;
}

export type DiscountKind = "percent" | "fixed" | "free_delivery";

/** An automatic discount (code null) or a coupon, with every rule the engine checks. */
export interface DiscountRule {
  id: number;
  /** Null for an automatic discount. */
  code: string | null;
  /** Shopper-facing name used in nudges, e.g. "10% off (SAVE10)". */
  label: string;
  kind: DiscountKind;
  /** Basis points for percent, minor units for fixed, ignored for free_delivery. */
  value: number;
  /** Cap on the amount of a percent (or fixed) discount; null: no cap. */
  maxDiscount: number | null;
  /** Minimum order, compared with the subtotal after the discounts applied before this one. */
  minSubtotal: number | null;
  startsAt: number | null;
  endsAt: number | null;
  /** Total redemptions allowed (null: unlimited) and redemptions so far by everyone. */
  usageLimit: number | null;
  used: number;
  /** Redemptions allowed per customer (null: unlimited) and this customer's redemptions so far. */
  perCustomerLimit: number | null;
  customerUses: number;
  firstOrderOnly: boolean;
  /** Scope: when either list is non-empty, only lines whose product or category is listed form the base. */
  productIds: readonly number[];
  categoryIds: readonly number[];
  /** Lower applies first; ties: automatic before coupon, then by id. */
  priority: number;
}

export interface AppliedCoupon {
  code: string;
  /** Null when the code matches no active coupon of this store. */
  rule: DiscountRule | null;
}

export interface DeliverySlab {
  /** The slab covers distances up to and including this many metres. */
  upToMetres: number;
  charge: number;
}

export type DeliveryConfig =
  | { fulfillment: "pickup" }
  | {
      fulfillment: "delivery";
      /** Set when the branch cannot deliver to this location at all (outside its area, pickup only): the shopper's message. */
      refusal?: Message | null;
      /** Flat: always `baseCharge`. Slabs: the first slab covering the distance; beyond the last one delivery is unavailable. */
      mode: "flat" | "slabs";
      baseCharge: number;
      slabs: DeliverySlab[];
      /** Straight-line distance from the branch to the address in metres, computed by the caller; null: no location yet (base charge, no distance shown). */
      distanceMetres: number | null;
      /** Delivery is free when subtotal_after_discounts reaches this; null: never free. */
      freeAbove: number | null;
      /** Store setting: show the distance to the shopper. */
      showDistance: boolean;
    };

export interface AdditionalFee {
  id: number;
  name: string;
  kind: "flat" | "percent";
  /** Minor units for flat, basis points of subtotal_after_discounts for percent. */
  value: number;
  /** Conditions on subtotal_after_discounts (inclusive bounds); null: no bound. */
  minSubtotal: number | null;
  maxSubtotal: number | null;
  /** Empty: every fulfillment. */
  fulfillments: Fulfillment[];
  /** Tax rate of the fee itself; 0: untaxed. */
  taxRateBp: number;
}

/** Facts about the shopper that coupon rules need; null for a guest (a guest counts as a first order). */
export interface CustomerFacts {
  /** Orders placed before this one (not cancelled). */
  orderCount: number;
}

export interface PricingInput {
  lines: PricingLine[];
  taxMode: TaxMode;
  coupon: AppliedCoupon | null;
  automaticDiscounts: DiscountRule[];
  delivery: DeliveryConfig;
  fees: AdditionalFee[];
  customer: CustomerFacts | null;
  now: number;
}

/** Formats minor units for the shopper ("₹71.80"); the caller builds it from the store's currency settings. */
export type FormatAmount = (minor: number) => string;

export type AdjustedReason = "unavailable" | "price_changed";

export interface AdjustedCartItem {
  cart_item_id: number;
  reason: AdjustedReason;
  old_unit_price: number | null;
  new_unit_price: number;
}

export interface LinePricing {
  id: number;
  quantity: number;
  unit_price: number;
  unit_original_price: number;
  /** unit_original_price × quantity. */
  line_original: number;
  /** unit_price × quantity. */
  line_subtotal: number;
  /** line_original − line_subtotal. */
  product_discount: number;
  /** This line's share of the order discounts. */
  order_discount: number;
  /** line_subtotal − order_discount: the amount tax is computed on (and contains, when inclusive). */
  line_net: number;
  tax: number;
  /** What the line adds to the total: line_net, plus tax when exclusive. */
  line_total: number;
}

export interface AppliedDiscount {
  id: number;
  code: string | null;
  label: string;
  kind: DiscountKind;
  /** Order discount for percent/fixed; shipping discount for free_delivery. */
  amount: number;
}

export interface AppliedFee {
  id: number;
  name: string;
  /** The fee as charged (contains its tax when inclusive). */
  amount: number;
  tax: number;
}

export interface Nudge {
  /** How much more subtotal_after_discounts is needed. */
  shortfall: number;
  /** The discount's label, or "free delivery". */
  label: string;
}

/**
 * The cart slice's figures. Identities (all hold exactly, and are what the property tests check):
 *   product_price_discount   = total_original_price − subtotal
 *   subtotal_after_discounts = subtotal − order_discount_amount
 *   total = subtotal_after_discounts + delivery_charge − shipping_discount_amount + Σ fee amounts
 *           + (exclusive ? tax_amount : 0)
 *   total_discount = product_price_discount + order_discount_amount + shipping_discount_amount
 * total_discount is defined here and only here: everything the shopper saves against the compare-at prices and the
 * delivery charge. Additional fees and tax never count as (negative) discounts.
 */
export interface CartPricing {
  lines: LinePricing[];
  total_original_price: number;
  subtotal: number;
  product_price_discount: number;
  order_discount_amount: number;
  subtotal_after_discounts: number;
  delivery_charge: number;
  shipping_discount_amount: number;
  applied_additional_fees: AppliedFee[];
  tax_amount: number;
  total: number;
  total_discount: number;
  applied_discounts: AppliedDiscount[];
  customer_applied_coupon: string | null;
  coupon_applied: boolean;
  coupon_message: Message | null;
  discount_nudge: Nudge | null;
  discount_eligibility_message: Message | null;
  delivery_nudge: Nudge | null;
  delivery_message: Message | null;
  is_delivery_available: boolean;
  /** Kilometres, two decimals; null when no distance is known or it is not to be shown. */
  delivery_distance: number | null;
  show_delivery_distance: boolean;
  adjusted_cart_items: AdjustedCartItem[];
}
