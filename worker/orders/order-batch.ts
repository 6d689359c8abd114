import type { Address } from "../../commerce/addresses";
import { billSnapshot } from "../../commerce/order-bill";
import type { CartPricing } from "../../commerce/pricing";
import type { CheckoutSettings, PaymentMethod } from "../../commerce/settings/checkout-settings";
import { optionLabels } from "../cart/cart-answer";
import { type CartScope, SCOPE_FIRST, scopedCartId } from "../cart/cart-store";
import type { CartPricingContext } from "../cart/pricing-input";
import { takeStockSteps } from "../catalog/stock-moves";
import { step } from "../db/batch";
import type { OrderTender } from "../wallet";

/** A priced order about to be written (orders/place-order.ts): what the placing batch is made from. */
export interface OrderDraft {
  publicId: string;
  key: string;
  hash: string;
  now: number;
  settings: CheckoutSettings;
  request: { payment_method: PaymentMethod; fulfillment: "delivery" | "pickup"; note?: string | undefined };
  address: Address | null;
  context: CartPricingContext;
  pricing: CartPricing;
  tender: OrderTender;
}

/**
 * The placing batch. Its first statement (`counter`) increments the store's counter only while the cart is exactly as
 * priced (its lines' ids, quantities and change times, and its coupon); the order is inserted only if it did
 * (`changes()`: `order` changed one row), and every later statement writes only for the order with this public id. So
 * when the cart moved on, nothing is written.
 */
export function orderSteps(db: D1Database, scope: CartScope, d: OrderDraft) {
  const { tenantId, branchId, owner } = scope;
  const cartAsPriced = d.context.lines.map((l) => `${l.id}:${l.quantity}:${l.updated_at}`).join(",");
  // ?1 tenant and ?2 public id in the statements after the order's.
  const thisOrder = "(SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2)";
  const linePricing = new Map(d.pricing.lines.map((l) => [l.id, l]));
  const lines = d.context.lines.map((line) => {
    const priced = linePricing.get(line.id)!;
    const product = d.context.products.get(line.product_id);
    return {
      product_id: line.product_id,
      name: product?.name ?? "",
      slug: product?.slug ?? null,
      image: product?.image ?? null,
      options: JSON.stringify(optionLabels(d.context.options.get(line.product_id), line.selection)),
      selection: JSON.stringify(line.selection),
      quantity: line.quantity,
      unit_price: priced.unit_price,
      unit_original_price: priced.unit_original_price,
      line_subtotal: priced.line_subtotal,
      order_discount: priced.order_discount,
      tax: priced.tax,
      line_total: priced.line_total,
    };
  });
  const discounts = d.pricing.applied_discounts.map((a) => ({ discount_id: a.id, amount: a.amount }));
  // Wallets paid it all: nothing left to wait for. Otherwise the rest is paid online (later) or in cash on delivery.
  const paid = d.tender.split.rest === 0;
  const online = !paid && d.request.payment_method === "online";
  const status = online ? "pending_payment" : "placed";
  const paymentStatus = paid ? "paid" : online ? "awaiting" : "cod_pending";
  const bill = billSnapshot(d.pricing, d.context.input.taxMode);
  return {
    counter: step(
      db
        .prepare(
          `INSERT INTO order_counters (tenant_id, last_seq)
           SELECT ?1, 1 WHERE coalesce((SELECT group_concat(line, ',') FROM (
               SELECT id || ':' || quantity || ':' || updated_at AS line FROM cart_items WHERE cart_id = ${scopedCartId(SCOPE_FIRST)} ORDER BY id)), '') = ?4
             AND coalesce((SELECT coupon_code FROM carts WHERE id = ${scopedCartId(SCOPE_FIRST)}), '') = ?5
           ON CONFLICT (tenant_id) DO UPDATE SET last_seq = last_seq + 1`,
        )
        .bind(tenantId, branchId, owner, cartAsPriced, d.context.couponCode ?? ""),
    ),
    order: step(
      db
        .prepare(
          `INSERT INTO orders (tenant_id, branch_id, owner, public_id, seq, number, idempotency_key, request_hash, status,
             payment_method, payment_status, fulfillment, address_json, note, currency_code, bill_json, total, coupon_code,
             placed_at, updated_at, cancel_until, payment_due_by, wallet_amount, reward_amount)
           SELECT ?1, ?2, ?3, ?4, last_seq, ?5 || last_seq, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18, ?19, ?20, ?21, ?22
           FROM order_counters WHERE tenant_id = ?1 AND changes() = 1`,
        )
        .bind(
          tenantId,
          branchId,
          owner,
          d.publicId,
          d.settings.orderPrefix,
          d.key,
          d.hash,
          status,
          d.request.payment_method,
          paymentStatus,
          d.request.fulfillment,
          d.address ? JSON.stringify(orderAddress(d.address)) : null,
          d.request.note ?? "",
          d.settings.currencyCode,
          JSON.stringify(bill),
          d.pricing.total,
          bill.coupon_code,
          d.now,
          d.now + d.settings.cancelWindowMs,
          online ? d.now + d.settings.paymentWindowMs : null,
          d.tender.split.cash,
          d.tender.split.reward,
        ),
    ),
    lines: step(
      db
        .prepare(
          `INSERT INTO order_lines (tenant_id, order_id, product_id, name, slug, image, options_json, selection_json, quantity,
             unit_price, unit_original_price, line_subtotal, order_discount, tax, line_total)
           SELECT ?1, ${thisOrder}, j.value ->> 'product_id', j.value ->> 'name', j.value ->> 'slug', j.value ->> 'image',
             j.value ->> 'options', j.value ->> 'selection', j.value ->> 'quantity', j.value ->> 'unit_price',
             j.value ->> 'unit_original_price', j.value ->> 'line_subtotal', j.value ->> 'order_discount', j.value ->> 'tax',
             j.value ->> 'line_total'
           FROM json_each(?3) j WHERE ${thisOrder} IS NOT NULL ORDER BY j.key`,
        )
        .bind(tenantId, d.publicId, JSON.stringify(lines)),
    ),
    history: step(
      db
        .prepare(
          `INSERT INTO order_status_history (tenant_id, order_id, status, payment_status, actor, note, at)
           SELECT ?1, id, ?3, ?4, 'customer', '', ?5 FROM orders WHERE tenant_id = ?1 AND public_id = ?2`,
        )
        .bind(tenantId, d.publicId, status, paymentStatus, d.now),
    ),
    redemptions: step(
      db
        .prepare(
          `INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, order_id, amount, created_at)
           SELECT ?1, j.value ->> 'discount_id', ?3, ${thisOrder}, j.value ->> 'amount', ?5 FROM json_each(?4) j
           WHERE ${thisOrder} IS NOT NULL`,
        )
        .bind(tenantId, d.publicId, owner, JSON.stringify(discounts), d.now),
    ),
    emptyCart: step(
      db
        .prepare(
          `DELETE FROM cart_items WHERE cart_id = ${scopedCartId(SCOPE_FIRST)} AND EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?1 AND public_id = ?4)`,
        )
        .bind(tenantId, branchId, owner, d.publicId),
    ),
    clearCoupon: step(
      db
        .prepare(
          `UPDATE carts SET coupon_code = NULL, updated_at = ?5
           WHERE id = ${scopedCartId(SCOPE_FIRST)} AND EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?1 AND public_id = ?4)`,
        )
        .bind(tenantId, branchId, owner, d.publicId, d.now),
    ),
    takeStock: takeStockSteps(db, tenantId, d.publicId),
  };
}

/** The address as the order keeps it: a copy, so editing or deleting the saved address never changes the order. */
function orderAddress(a: NonNullable<OrderDraft["address"]>) {
  return {
    name: a.name,
    phone: a.phone,
    line1: a.line1,
    line2: a.line2 ?? "",
    landmark: a.landmark ?? "",
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    label: a.label,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}
