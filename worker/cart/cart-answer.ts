import { ADDRESS_COLUMNS, type Address, type AddressRow, toAddress } from "../../commerce/addresses";
import type { Translate } from "../../commerce/i18n/catalogue";
import { type Message, say } from "../../commerce/i18n/message";
import { formatPrice, toMajor } from "../../commerce/money";
import { type AdjustedReason, type Fulfillment, priceCart } from "../../commerce/pricing";
import type { Selection } from "../../commerce/product-options";
import type { ProductOptions } from "../catalog/product-options-loader";
import { namedBatch, type Ran, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import type { CartScope } from "./cart-store";
import { cartPricingFrom, cartPricingSteps } from "./pricing-input";

/**
 * The whole cart as every cart call answers it: the spec's cart slice (section 3), field for field. Amounts are
 * MAJOR units (like product prices in the API); pricing itself stays in minor units in `commerce/pricing`. The
 * nudge and coupon messages are formatted with the store's currency settings.
 */

export interface CartAnswerItem {
  /** The cart item id (the spec's cart_id). */
  id: number;
  product_id: number;
  name: string;
  slug: string | null;
  image: string | null;
  quantity: number;
  selectedAttributes: Record<number, number>;
  selectedMultiAttributes: Record<number, number[]>;
  /** Human-readable choices, e.g. ["Size: Large", "Dips: Garlic dip, Peri peri dip"]. */
  options: string[];
  /** The current price of one unit as chosen. */
  unit_price: number;
  /** unit_price × quantity, before order discounts and tax (what the line costs at today's prices). */
  line_total: number;
  /** False when the product, branch or chosen options are no longer sold: the line counts in no figure. */
  available: boolean;
  /**
   * True when the store still has the product but the cart's branch does not sell it (the shopper changed branch):
   * the line is unavailable ("Not available at this branch") until removed or the shopper returns to a branch that does.
   */
  unavailable_at_branch: boolean;
}

export interface CartAnswerDetails {
  /** Sum of the available lines' quantities. */
  item_count: number;
  /** Number of lines (available or not). */
  line_count: number;
  branch_id: number;
  fulfillment: Fulfillment;
  /** Whether the cart's branch offers pickup (PUT /api/cart/fulfillment may choose it). */
  pickup_available: boolean;
  /** Where the cart is delivered to, or null when none was given. */
  delivery_location: { pincode: string | null; latitude: number | null; longitude: number | null } | null;
}

export interface CartAnswer {
  cartItems: CartAnswerItem[];
  cartDetails: CartAnswerDetails;
  tax_amount: number;
  delivery_charge: number;
  delivery_message: string | null;
  order_discount_amount: number;
  shipping_discount_amount: number;
  product_price_discount: number;
  subtotal: number;
  total_original_price: number;
  /** product_price_discount + order_discount_amount + shipping_discount_amount (defined in commerce/pricing/types.ts). */
  total_discount: number;
  /**
   * The saved address chosen as the delivery location (PUT /api/cart/delivery-location with address_id), while it is
   * still saved; null for a pincode or position typed in, or none.
   */
  address: Address | null;
  total: number;
  discount_eligibility_message: string | null;
  coupon_applied: boolean;
  coupon_message: string | null;
  customer_applied_coupon: string | null;
  is_delivery_available: boolean;
  adjusted_cart_items: { cart_item_id: number; reason: AdjustedReason; old_unit_price: number | null; new_unit_price: number }[];
  subtotal_after_discounts: number;
  applied_additional_fees: { id: number; name: string; amount: number; tax: number }[];
  /** Kilometres, or null when unknown or not shown. */
  delivery_distance: number | null;
  show_delivery_distance: boolean;
}

/** The cart of a scope, priced, with what the shopper sees of each line. An owner without a cart gets an empty one. */
export async function cartAnswer(db: D1Database, scope: CartScope, tenant: Pick<Tenant, "settings">, t: Translate): Promise<CartAnswer> {
  return cartAnswerFrom(await namedBatch(db, cartAnswerSteps(db, scope)), scope, tenant, t);
}

/**
 * The statements behind a cart answer: one batch reads everything, display included. A change runs them after its
 * writes in its own batch (one transaction), so its answer sees the change and costs no second round trip.
 */
export function cartAnswerSteps(db: D1Database, scope: CartScope) {
  return { address: chosenAddressStep(db, scope), pricing: cartPricingSteps(db, scope) };
}

export type CartAnswerSteps = ReturnType<typeof cartAnswerSteps>;

/** The saved address the cart delivers to: the owner's own only, so a stale or foreign id shows nothing. */
function chosenAddressStep(db: D1Database, scope: CartScope) {
  const statement = db
    .prepare(
      `SELECT ${ADDRESS_COLUMNS.split(", ")
        .map((column) => `a.${column}`)
        .join(", ")} FROM carts c
       JOIN addresses a ON a.tenant_id = c.tenant_id AND a.id = c.delivery_address_id AND a.customer_id = c.customer_id
       WHERE c.tenant_id = ?1 AND c.branch_id = ?2 AND c.owner = ?3`,
    )
    .bind(scope.tenantId, scope.branchId, scope.owner);
  return step<AddressRow>(statement);
}

/** The cart answer from the results of `cartAnswerSteps`; its messages in `t`'s language (the caller's). */
export function cartAnswerFrom(ran: Ran<CartAnswerSteps>, scope: CartScope, tenant: Pick<Tenant, "settings">, t: Translate): CartAnswer {
  const words = (text: Message | null) => (text ? say(t, text) : null);
  const addressRow = ran.address.results[0] ?? null;
  const context = cartPricingFrom(ran.pricing, tenant.settings);
  const major = (minor: number) => toMajor(minor, tenant.settings.currency.decimalPlaces);
  const pricing = priceCart(context.input, (minor) => formatPrice(major(minor), context.currency));
  const priced = new Map(context.input.lines.map((l) => [l.id, l]));

  const cartItems: CartAnswerItem[] = context.lines.map((line) => {
    const product = context.products.get(line.product_id);
    const pricingLine = priced.get(line.id)!;
    return {
      id: line.id,
      product_id: line.product_id,
      name: product?.name ?? t("pricing.unavailable_item"),
      slug: product?.slug ?? null,
      image: product?.image ?? null,
      quantity: line.quantity,
      selectedAttributes: line.selection.selectedAttributes,
      selectedMultiAttributes: line.selection.selectedMultiAttributes,
      options: product ? optionLabels(context.options.get(line.product_id), line.selection) : [],
      unit_price: major(pricingLine.unitPrice),
      line_total: major(pricingLine.unitPrice * line.quantity),
      available: pricingLine.isAvailable,
      unavailable_at_branch: context.unsoldHere.has(line.product_id),
    };
  });

  const { pincode, latitude, longitude } = context.location;
  return {
    cartItems,
    cartDetails: {
      item_count: cartItems.filter((i) => i.available).reduce((sum, i) => sum + i.quantity, 0),
      line_count: cartItems.length,
      branch_id: scope.branchId,
      fulfillment: context.fulfillment,
      pickup_available: context.pickupAvailable,
      delivery_location: pincode === null && latitude === null && longitude === null ? null : { ...context.location },
    },
    tax_amount: major(pricing.tax_amount),
    delivery_charge: major(pricing.delivery_charge),
    delivery_message: words(pricing.delivery_message),
    order_discount_amount: major(pricing.order_discount_amount),
    shipping_discount_amount: major(pricing.shipping_discount_amount),
    product_price_discount: major(pricing.product_price_discount),
    subtotal: major(pricing.subtotal),
    total_original_price: major(pricing.total_original_price),
    total_discount: major(pricing.total_discount),
    address: addressRow ? toAddress(addressRow) : null,
    total: major(pricing.total),
    discount_eligibility_message: words(pricing.discount_eligibility_message),
    coupon_applied: pricing.coupon_applied,
    coupon_message: words(pricing.coupon_message),
    customer_applied_coupon: pricing.customer_applied_coupon,
    is_delivery_available: pricing.is_delivery_available,
    adjusted_cart_items: pricing.adjusted_cart_items.map((a) => ({
      cart_item_id: a.cart_item_id,
      reason: a.reason,
      old_unit_price: a.old_unit_price === null ? null : major(a.old_unit_price),
      new_unit_price: major(a.new_unit_price),
    })),
    subtotal_after_discounts: major(pricing.subtotal_after_discounts),
    applied_additional_fees: pricing.applied_additional_fees.map((f) => ({
      id: f.id,
      name: f.name,
      amount: major(f.amount),
      tax: major(f.tax),
    })),
    delivery_distance: pricing.delivery_distance,
    show_delivery_distance: pricing.show_delivery_distance,
  };
}

/** The line's choices as the shopper reads them, in the product's order: "Size: Large", "Dips: Garlic, Peri peri". */
export function optionLabels(options: ProductOptions | undefined, selection: Selection): string[] {
  if (!options) return [];
  const labels: string[] = [];
  for (const attribute of options.attributes) {
    const valueId = selection.selectedAttributes[attribute.id];
    if (valueId !== undefined) labels.push(`${attribute.name}: ${attribute.values.find((v) => v.id === valueId)?.value ?? "?"}`);
  }
  for (const group of options.multi_selectable_attributes) {
    const ids = selection.selectedMultiAttributes[group.id];
    if (ids?.length) labels.push(`${group.name}: ${ids.map((id) => group.values.find((v) => v.id === id)?.value ?? "?").join(", ")}`);
  }
  return labels;
}

/** The spec's default cart (section 9: delivery available, every amount 0), for a shopper who has no cart yet. */
export function emptyCartAnswer(branchId: number): CartAnswer {
  return {
    cartItems: [],
    cartDetails: {
      item_count: 0,
      line_count: 0,
      branch_id: branchId,
      fulfillment: "delivery",
      // Not looked up for a shopper without a cart; the first change answers the branch's real offer.
      pickup_available: false,
      delivery_location: null,
    },
    tax_amount: 0,
    delivery_charge: 0,
    delivery_message: null,
    order_discount_amount: 0,
    shipping_discount_amount: 0,
    product_price_discount: 0,
    subtotal: 0,
    total_original_price: 0,
    total_discount: 0,
    address: null,
    total: 0,
    discount_eligibility_message: null,
    coupon_applied: false,
    coupon_message: null,
    customer_applied_coupon: null,
    is_delivery_available: true,
    adjusted_cart_items: [],
    subtotal_after_discounts: 0,
    applied_additional_fees: [],
    delivery_distance: null,
    show_delivery_distance: false,
  };
}
