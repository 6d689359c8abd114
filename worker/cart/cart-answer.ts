import { currencyFromSettings, formatPrice, toMajor } from "../../commerce/money";
import { type AdjustedReason, type Fulfillment, priceCart } from "../../commerce/pricing";
import type { Tenant } from "../tenancy/tenant";
import type { CartScope } from "./cart-store";
import { SCOPED_CART_SQL } from "./cart-store";
import { loadCartPricing } from "./pricing-input";

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
}

export interface CartAnswerDetails {
  /** Sum of the available lines' quantities. */
  item_count: number;
  /** Number of lines (available or not). */
  line_count: number;
  branch_id: number;
  fulfillment: Fulfillment;
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
  /** Always null until saved addresses exist. */
  address: null;
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

interface ProductRow {
  id: number;
  name: string;
  slug: string;
  images_json: string;
}

const CURRENCY_KEYS = "('locale', 'currencyCode', 'decimalPlaces', 'symbolPlacement')";
const CART_PRODUCTS = `SELECT product_id FROM cart_items WHERE cart_id = ${SCOPED_CART_SQL}`;

/** The cart of a scope, priced, with what the shopper sees of each line. An owner without a cart gets an empty one. */
export async function cartAnswer(db: D1Database, scope: CartScope, tenant: Pick<Tenant, "id" | "decimalPlaces">): Promise<CartAnswer> {
  const context = await loadCartPricing(db, scope);
  const params = [scope.tenantId, scope.branchId, scope.owner];
  const [settingsResult, productsResult, attributesResult, valuesResult, groupsResult, groupValuesResult] = await db.batch([
    db.prepare(`SELECT key, value FROM site_settings WHERE tenant_id = ?1 AND key IN ${CURRENCY_KEYS}`).bind(scope.tenantId),
    db.prepare(`SELECT id, name, slug, images_json FROM products WHERE tenant_id = ?1 AND id IN (${CART_PRODUCTS})`).bind(...params),
    db
      .prepare(`SELECT id, name FROM product_attributes WHERE tenant_id = ?1 AND product_id IN (${CART_PRODUCTS}) ORDER BY position`)
      .bind(...params),
    db.prepare(`SELECT id, value FROM product_attribute_values WHERE tenant_id = ?1 AND product_id IN (${CART_PRODUCTS})`).bind(...params),
    db
      .prepare(`SELECT id, name FROM product_multi_attributes WHERE tenant_id = ?1 AND product_id IN (${CART_PRODUCTS}) ORDER BY position`)
      .bind(...params),
    db
      .prepare(`SELECT id, value FROM product_multi_values WHERE tenant_id = ?1 AND product_id IN (${CART_PRODUCTS}) ORDER BY position`)
      .bind(...params),
  ]);
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  const settings = Object.fromEntries(rows<{ key: string; value: string }>(settingsResult).map((s) => [s.key, s.value]));
  const currency = currencyFromSettings(settings);
  const decimals = tenant.decimalPlaces;
  const major = (minor: number) => toMajor(minor, decimals);
  const pricing = priceCart(context.input, (minor) => formatPrice(major(minor), currency));

  const products = new Map(rows<ProductRow>(productsResult).map((p) => [p.id, p]));
  const attributes = rows<{ id: number; name: string }>(attributesResult);
  const values = new Map(rows<{ id: number; value: string }>(valuesResult).map((v) => [v.id, v.value]));
  const groups = rows<{ id: number; name: string }>(groupsResult);
  const groupValues = new Map(rows<{ id: number; value: string }>(groupValuesResult).map((v) => [v.id, v.value]));
  const priced = new Map(context.input.lines.map((l) => [l.id, l]));

  const cartItems: CartAnswerItem[] = context.lines.map((line) => {
    const product = products.get(line.product_id);
    const pricingLine = priced.get(line.id)!;
    const options: string[] = [];
    for (const attribute of attributes) {
      const valueId = line.selection.selectedAttributes[attribute.id];
      if (valueId !== undefined) options.push(`${attribute.name}: ${values.get(valueId) ?? "?"}`);
    }
    for (const group of groups) {
      const ids = line.selection.selectedMultiAttributes[group.id];
      if (ids?.length) options.push(`${group.name}: ${ids.map((id) => groupValues.get(id) ?? "?").join(", ")}`);
    }
    const images = product ? (JSON.parse(product.images_json) as string[]) : [];
    return {
      id: line.id,
      product_id: line.product_id,
      name: product?.name ?? "Unavailable item",
      slug: product?.slug ?? null,
      image: images[0] ?? null,
      quantity: line.quantity,
      selectedAttributes: line.selection.selectedAttributes,
      selectedMultiAttributes: line.selection.selectedMultiAttributes,
      options,
      unit_price: major(pricingLine.unitPrice),
      line_total: major(pricingLine.unitPrice * line.quantity),
      available: pricingLine.isAvailable,
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
      delivery_location: pincode === null && latitude === null && longitude === null ? null : { ...context.location },
    },
    tax_amount: major(pricing.tax_amount),
    delivery_charge: major(pricing.delivery_charge),
    delivery_message: pricing.delivery_message,
    order_discount_amount: major(pricing.order_discount_amount),
    shipping_discount_amount: major(pricing.shipping_discount_amount),
    product_price_discount: major(pricing.product_price_discount),
    subtotal: major(pricing.subtotal),
    total_original_price: major(pricing.total_original_price),
    total_discount: major(pricing.total_discount),
    address: null,
    total: major(pricing.total),
    discount_eligibility_message: pricing.discount_eligibility_message,
    coupon_applied: pricing.coupon_applied,
    coupon_message: pricing.coupon_message,
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

/** The spec's default cart (section 9: delivery available, every amount 0), for a shopper who has no cart yet. */
export function emptyCartAnswer(branchId: number): CartAnswer {
  return {
    cartItems: [],
    cartDetails: { item_count: 0, line_count: 0, branch_id: branchId, fulfillment: "delivery", delivery_location: null },
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
