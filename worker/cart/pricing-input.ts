import { deliveryConfigFor } from "../../commerce/delivery-area";
import type { CurrencySettings } from "../../commerce/money";
import { LIVE_STATUSES } from "../../commerce/order-status";
import {
  type AdditionalFee,
  type AppliedCoupon,
  type DeliveryConfig,
  type DiscountRule,
  type Fulfillment,
  type PricingInput,
  type PricingLine,
  pricingLine,
} from "../../commerce/pricing";
import type { StoreSettings } from "../../commerce/store-settings";
import { soldAtBranch } from "../catalog/branch-availability";
import type { ProductCardRow } from "../catalog/product-card";
import { leadImage } from "../catalog/product-card";
import { assembleOptionsByProduct, optionStepsForProducts, type ProductOptions } from "../catalog/product-options-loader";
import { namedBatch, type Ran, step } from "../db/batch";
import { type CartLine, type CartScope, cartLinesFrom, cartLinesStep, cartProductIds, SCOPE_FIRST } from "./cart-store";

/**
 * Builds the pricing function's input for one cart from D1 in a single `db.batch` (one round trip, one consistent
 * snapshot): the cart row, its lines, their products with options and tax rates, the applied coupon's rule, the
 * automatic discounts, redemption counts, the branch's delivery config and slabs, the fees and the store's settings.
 * Every statement names the scope as ?1 tenant, ?2 branch, ?3 owner, and reaches cart rows only through the scope's
 * cart, so nothing depends on an earlier answer. Amounts stay in minor units.
 */

interface CartRow {
  coupon_code: string | null;
  delivery_pincode: string | null;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  fulfillment: Fulfillment;
}
/** A card's columns without `has_options` (pricing reads the options themselves), and what pricing adds. */
interface ProductRow extends Omit<ProductCardRow, "has_options"> {
  tax_rate_bp: number;
  /** 0 when the cart's branch does not sell the product. */
  sold_here: number;
}
interface BranchRow {
  latitude: number | null;
  longitude: number | null;
  delivery_radius_metres: number | null;
  delivery_area_json: string | null;
  takes_delivery: 0 | 1;
  closed: 0 | 1;
  mode: "flat" | "slabs" | null;
  base_charge: number | null;
  free_above: number | null;
  pickup_available: number | null;
}
export interface DiscountRow {
  id: number;
  code: string | null;
  label: string;
  kind: DiscountRule["kind"];
  value: number;
  max_discount: number | null;
  min_subtotal: number | null;
  starts_at: number | null;
  ends_at: number | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: number;
  product_ids_json: string;
  category_ids_json: string;
  priority: number;
}
interface FeeRow {
  id: number;
  name: string;
  kind: AdditionalFee["kind"];
  value: number;
  min_subtotal: number | null;
  max_subtotal: number | null;
  fulfillment: Fulfillment | null;
  tax_rate_bp: number;
}

/** What a cart line shows of its product. */
export interface CartProduct {
  name: string;
  slug: string;
  image: string | null;
}

/** Everything loaded with the input that a cart answer shows besides the figures. */
export interface CartPricingContext {
  input: PricingInput;
  lines: CartLine[];
  /** The lines' products that the store still has, and their options (in minor units), by product id. */
  products: Map<number, CartProduct>;
  /** Those of `products` that the cart's branch does not sell: their lines are shown, but unavailable. */
  unsoldHere: Set<number>;
  options: Map<number, ProductOptions>;
  /** The store's currency, for the messages' amounts. */
  currency: CurrencySettings;
  /** The code on the cart as typed, or null. */
  couponCode: string | null;
  location: { pincode: string | null; latitude: number | null; longitude: number | null };
  /** The fulfillment priced (the cart's choice, or delivery when the branch does not offer pickup). */
  fulfillment: Fulfillment;
  pickupAvailable: boolean;
  /** False when the cart's branch no longer exists: every line is then unavailable. */
  branchFound: boolean;
}

export const DISCOUNT_COLUMNS = `id, code, label, kind, value, max_discount, min_subtotal, starts_at, ends_at, usage_limit, per_customer_limit,
  first_order_only, product_ids_json, category_ids_json, priority`;
/** The scope's applied coupon code (NULL without a cart or a code); compared with discount_rules.code, which is NOCASE. */
const CART_COUPON = `(SELECT coupon_code FROM carts WHERE tenant_id = ?1 AND branch_id = ?2 AND owner = ?3)`;

/**
 * Total and per-owner redemptions of the rules being priced (the automatic discounts and the cart's coupon), from
 * coupon_redemptions (written by the order flow; a cancelled order's released use no longer counts).
 */
const REDEMPTION_COUNTS_SQL = `SELECT discount_id, COUNT(*) AS used, SUM(owner = ?3) AS mine FROM coupon_redemptions
  WHERE tenant_id = ?1 AND released_at IS NULL AND discount_id IN (
    SELECT id FROM discount_rules WHERE tenant_id = ?1 AND code IS NULL
    UNION ALL SELECT id FROM discount_rules WHERE tenant_id = ?1 AND code = ${CART_COUPON})
  GROUP BY discount_id`;

/**
 * The owner's orders in this store (any branch) that count against "first order only": placed and not cancelled.
 * An order still waiting for its payment, or one whose payment failed or expired, does not.
 */
const ORDER_COUNT_SQL = `SELECT COUNT(*) AS placed FROM orders WHERE tenant_id = ?1 AND owner = ?3
  AND status IN (${LIVE_STATUSES.map((s) => `'${s}'`).join(", ")})`;

export function toRule(row: DiscountRow, counts: Map<number, { used: number; mine: number }>): DiscountRule {
  const count = counts.get(row.id);
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.max_discount,
    minSubtotal: row.min_subtotal,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    used: count?.used ?? 0,
    perCustomerLimit: row.per_customer_limit,
    customerUses: count?.mine ?? 0,
    firstOrderOnly: row.first_order_only === 1,
    productIds: JSON.parse(row.product_ids_json) as number[],
    categoryIds: JSON.parse(row.category_ids_json) as number[],
    priority: row.priority,
  };
}

function toFee(row: FeeRow): AdditionalFee {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.min_subtotal,
    maxSubtotal: row.max_subtotal,
    fulfillments: row.fulfillment === null ? [] : [row.fulfillment],
    taxRateBp: row.tax_rate_bp,
  };
}

/** Loads the pricing input and the cart facts around it. `now` is the instant validity windows are tested at. */
export async function loadCartPricing(
  db: D1Database,
  scope: CartScope,
  settings: StoreSettings,
  now: number = Date.now(),
): Promise<CartPricingContext> {
  return cartPricingFrom(await namedBatch(db, cartPricingSteps(db, scope)), settings, now);
}

/**
 * The statements `loadCartPricing` runs, for a caller that runs them itself: a cart change puts them after its writes
 * in its own batch, so the answer sees the change and costs no second round trip. Read the results with
 * `cartPricingFrom`.
 */
export function cartPricingSteps(db: D1Database, scope: CartScope) {
  const lines = cartLinesStep(db, scope); // checks the scope
  const params = [scope.tenantId, scope.branchId, scope.owner];
  // D1 wants exactly as many values as the statement's highest parameter number.
  const bind = (sql: string, count = 3) => db.prepare(sql).bind(...params.slice(0, count));
  return {
    cart: step<CartRow>(
      bind(
        `SELECT coupon_code, delivery_pincode, delivery_latitude, delivery_longitude, fulfillment FROM carts
         WHERE tenant_id = ?1 AND branch_id = ?2 AND owner = ?3`,
      ),
    ),
    lines,
    products: step<ProductRow>(
      bind(
        `SELECT id, name, slug, images_json, category_id, selling_price, original_price, tax_rate_bp, ${soldAtBranch("?2", "products")} AS sold_here
         FROM products WHERE tenant_id = ?1 AND id IN (${cartProductIds(SCOPE_FIRST)})`,
      ),
    ),
    branch: step<BranchRow>(
      bind(
        `SELECT b.latitude, b.longitude, b.delivery_radius_metres, b.delivery_area_json, b.takes_delivery, b.closed,
                d.mode, d.base_charge, d.free_above, d.pickup_available FROM branches b
         LEFT JOIN branch_delivery d ON d.tenant_id = b.tenant_id AND d.branch_id = b.id
         WHERE b.tenant_id = ?1 AND b.id = ?2`,
        2,
      ),
    ),
    slabs: step<{ up_to_metres: number; charge: number }>(
      bind("SELECT up_to_metres, charge FROM delivery_slabs WHERE tenant_id = ?1 AND branch_id = ?2 ORDER BY up_to_metres", 2),
    ),
    fees: step<FeeRow>(
      bind(
        `SELECT id, name, kind, value, min_subtotal, max_subtotal, fulfillment, tax_rate_bp FROM additional_fees
         WHERE tenant_id = ?1 ORDER BY position`,
        1,
      ),
    ),
    automatic: step<DiscountRow>(
      bind(`SELECT ${DISCOUNT_COLUMNS} FROM discount_rules WHERE tenant_id = ?1 AND code IS NULL ORDER BY priority, id`, 1),
    ),
    coupon: step<DiscountRow>(bind(`SELECT ${DISCOUNT_COLUMNS} FROM discount_rules WHERE tenant_id = ?1 AND code = ${CART_COUPON}`)),
    counts: step<{ discount_id: number; used: number; mine: number | null }>(bind(REDEMPTION_COUNTS_SQL)),
    orders: step<{ placed: number }>(bind(ORDER_COUNT_SQL)),
    options: optionStepsForProducts(db, cartProductIds(SCOPE_FIRST), params),
  };
}

export type CartPricingSteps = ReturnType<typeof cartPricingSteps>;

/** Reads the results of `cartPricingSteps`. */
export function cartPricingFrom(ran: Ran<CartPricingSteps>, settings: StoreSettings, now: number = Date.now()): CartPricingContext {
  const cart = ran.cart.results[0] ?? null;
  const lines = cartLinesFrom(ran.lines);
  const products = new Map(ran.products.results.map((p) => [p.id, p]));
  const options = assembleOptionsByProduct(ran.options, products.keys(), (minor) => minor);
  const branch = ran.branch.results[0] ?? null;
  const counts = new Map(ran.counts.results.map((c) => [c.discount_id, { used: c.used, mine: c.mine ?? 0 }]));

  const pricingLines: PricingLine[] = lines.map((line) => {
    const product = branch ? products.get(line.product_id) : undefined;
    const item = {
      id: line.id,
      productId: line.product_id,
      categoryId: product?.category_id ?? null,
      quantity: line.quantity,
      taxRateBp: product?.tax_rate_bp ?? 0,
      originalPrice: product?.original_price ?? null,
      unitPriceAtAdd: line.unit_price_at_add,
      // Not sold at this branch (the shopper changed branch since adding it): kept, shown, counted in no figure.
      isSold: product !== undefined && product.sold_here === 1,
    };
    // A product that is gone is priced at what the shopper saw, and reported unavailable.
    const configurable = product
      ? { selling_price: product.selling_price, ...options.get(product.id)! }
      : { selling_price: line.unit_price_at_add, attributes: [], combinations: [], multi_selectable_attributes: [] };
    return pricingLine(configurable, line.selection, item);
  });

  const couponCode = cart?.coupon_code ?? null;
  const couponRow = ran.coupon.results[0];
  const coupon: AppliedCoupon | null =
    couponCode === null ? null : { code: couponRow?.code ?? couponCode, rule: couponRow ? toRule(couponRow, counts) : null };

  const pickupAvailable = branch?.pickup_available === 1;
  const fulfillment: Fulfillment = cart?.fulfillment === "pickup" && pickupAvailable ? "pickup" : "delivery";
  const location = {
    pincode: cart?.delivery_pincode ?? null,
    latitude: cart?.delivery_latitude ?? null,
    longitude: cart?.delivery_longitude ?? null,
  };
  const delivery: DeliveryConfig =
    fulfillment === "pickup"
      ? { fulfillment: "pickup" }
      : deliveryConfigFor(
          {
            latitude: branch?.latitude ?? null,
            longitude: branch?.longitude ?? null,
            radiusMetres: branch?.delivery_radius_metres ?? null,
            polygon: branch?.delivery_area_json ? (JSON.parse(branch.delivery_area_json) as [number, number][]) : null,
            takesDelivery: branch?.takes_delivery !== 0,
            closed: branch?.closed === 1,
            // A branch without a delivery row delivers at no charge.
            mode: branch?.mode ?? "flat",
            baseCharge: branch?.base_charge ?? 0,
            slabs: ran.slabs.results.map((s) => ({
              upToMetres: s.up_to_metres,
              charge: s.charge,
            })),
            freeAbove: branch?.free_above ?? null,
          },
          // A pincode alone gives no distance: the base charge applies and no distance is shown.
          location,
          settings.pricing.showDeliveryDistance,
        );

  const input: PricingInput = {
    lines: pricingLines,
    taxMode: settings.pricing.taxMode,
    coupon,
    automaticDiscounts: ran.automatic.results.map((row) => toRule(row, counts)),
    delivery,
    fees: ran.fees.results.map(toFee),
    customer: { orderCount: ran.orders.results[0]?.placed ?? 0 },
    now,
  };
  const shown = new Map([...products.values()].map((p) => [p.id, { name: p.name, slug: p.slug, image: leadImage(p.images_json) }]));
  return {
    input,
    lines,
    products: shown,
    unsoldHere: new Set([...products.values()].filter((p) => p.sold_here !== 1).map((p) => p.id)),
    options,
    currency: settings.currency,
    couponCode,
    location,
    fulfillment,
    pickupAvailable,
    branchFound: branch !== null,
  };
}

/** The pricing input for a cart scope: `priceCart(await buildPricingInput(db, scope, settings), format)`. */
export async function buildPricingInput(
  db: D1Database,
  scope: CartScope,
  settings: StoreSettings,
  now: number = Date.now(),
): Promise<PricingInput> {
  return (await loadCartPricing(db, scope, settings, now)).input;
}
