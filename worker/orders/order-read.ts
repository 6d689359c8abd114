import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import type { BillSnapshot } from "../../commerce/order-bill";
import { orderNoteText } from "../../commerce/order-notes";
import {
  CUSTOMER_CANCELLABLE,
  type OrderStatus,
  orderStatusText,
  type PaymentStatus,
  paymentStatusText,
} from "../../commerce/order-status";
import type { Fulfillment } from "../../commerce/pricing";
import { refundState } from "../../commerce/refunds";
import type { PaymentMethod } from "../../commerce/settings/checkout-settings";
import { namedBatch, type Ran, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import type { OrderAddress, OrderAnswer, OrderHeading, OrderHistoryEntry, OrderLineAnswer, OrderPaymentMethod } from "./order-answer";
import type { Actor } from "./order-transitions";

/**
 * Reads one order by its public id, in one batch: the order and its branch's name, its lines, its history. Scoped by
 * store always, and by owner when the caller is a customer: another customer's or another store's id finds nothing.
 */

export interface OrderRow {
  id: number;
  public_id: string;
  owner: string;
  number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfillment: Fulfillment;
  branch_id: number;
  branch_name: string | null;
  address_json: string | null;
  note: string;
  currency_code: string;
  bill_json: string;
  total: number;
  wallet_amount: number;
  reward_amount: number;
  placed_at: number;
  cancel_until: number;
  payment_due_by: number | null;
  cancel_reason: string | null;
  /** The payment's refund, once one was asked: its status and how many were asked. */
  refund_status: "pending" | "processed" | "failed" | null;
  refund_attempts: number | null;
}

interface LineRow {
  id: number;
  product_id: number;
  name: string;
  slug: string | null;
  image: string | null;
  options_json: string;
  quantity: number;
  unit_price: number;
  line_subtotal: number;
  rating: number | null;
  review: string | null;
}

export interface HistoryRow {
  status: OrderStatus;
  payment_status: PaymentStatus;
  note: string;
  at: number;
}

/** Who made a move: the history row's actor, and the staff member (by name) or the API key (by label) of the store's. */
export interface MoveMaker {
  actor: Actor;
  staff_name: string | null;
  key_label: string | null;
}

/** The columns of OrderRow, from `orders o` joined to `branches b`. */
export const ORDER_COLUMNS = `o.id, o.public_id, o.owner, o.number, o.status, o.payment_method, o.payment_status, o.fulfillment,
  o.branch_id, b.name AS branch_name, o.address_json, o.note, o.currency_code, o.bill_json, o.total, o.wallet_amount, o.reward_amount, o.placed_at,
  o.cancel_until, o.payment_due_by, o.cancel_reason, rp.refund_status, rp.refund_attempts`;

/** The refunded payment of an order (at most one is captured for it), for ORDER_COLUMNS' refund columns. */
const REFUND_JOIN = `LEFT JOIN payments rp ON rp.tenant_id = o.tenant_id AND rp.order_id = o.id AND rp.status = 'captured'
  AND rp.refund_id IS NOT NULL`;

/** The order with this public id in this store, and (when given) of this owner. */
function orderStatement(db: D1Database, tenantId: number, publicId: string, owner: string | null): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN branches b ON b.tenant_id = o.tenant_id AND b.id = o.branch_id ${REFUND_JOIN}
       WHERE o.tenant_id = ?1 AND o.public_id = ?2 AND (?3 IS NULL OR o.owner = ?3)`,
    )
    .bind(tenantId, publicId, owner);
}

export async function findOrder(db: D1Database, tenantId: number, publicId: string, owner: string | null): Promise<OrderRow | null> {
  return orderStatement(db, tenantId, publicId, owner).first<OrderRow>();
}

/**
 * The statements `loadOrderAnswer` runs, for a caller's batch (placing an order reads its answer after its writes);
 * read their results with `orderAnswerFrom`.
 */
export function orderAnswerSteps(db: D1Database, tenantId: number, publicId: string, owner: string | null) {
  // Lines and history are reached through the order's own row, so they carry the same scope.
  const scoped = "SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2 AND (?3 IS NULL OR owner = ?3)";
  return {
    order: step<OrderRow>(orderStatement(db, tenantId, publicId, owner)),
    lines: step<LineRow>(
      db
        .prepare(
          `SELECT l.id, l.product_id, l.name, p.slug, l.image, l.options_json, l.quantity, l.unit_price, l.line_subtotal,
             r.rating, r.body AS review
           FROM order_lines l LEFT JOIN products p ON p.tenant_id = l.tenant_id AND p.id = l.product_id AND p.slug = l.slug
             LEFT JOIN product_reviews r ON r.order_line_id = l.id
           WHERE l.order_id = (${scoped}) ORDER BY l.id`,
        )
        .bind(tenantId, publicId, owner),
    ),
    // With who made each move, which only the store's reader answers (store-orders.ts).
    history: step<HistoryRow & MoveMaker>(
      db
        .prepare(
          `SELECT h.status, h.payment_status, h.note, h.at, h.actor, s.name AS staff_name, k.label AS key_label
           FROM order_status_history h LEFT JOIN staff s ON s.tenant_id = h.tenant_id AND s.id = h.staff_id
             LEFT JOIN store_api_keys k ON k.tenant_id = h.tenant_id AND k.id = h.store_key_id
           WHERE h.order_id = (${scoped}) ORDER BY h.id`,
        )
        .bind(tenantId, publicId, owner),
    ),
  };
}

export type OrderAnswerSteps = ReturnType<typeof orderAnswerSteps>;

/**
 * The order's row and its answer from `orderAnswerSteps`' results, or null when there is no such order. `t` says its
 * statuses and the platform's notes in the caller's language.
 */
export function orderAnswerFrom(
  ran: Ran<OrderAnswerSteps>,
  tenant: Pick<Tenant, "settings">,
  t: Translate,
  now: number = Date.now(),
): { row: OrderRow; answer: OrderAnswer } | null {
  const row = ran.order.results[0];
  if (!row) return null;
  const answer = toOrderAnswer(row, ran.lines.results, ran.history.results, tenant.settings.currency.decimalPlaces, t, now);
  return { row, answer };
}

/** The order as the API answers it, or null when this store has no such order (of this owner). */
export async function loadOrderAnswer(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  publicId: string,
  owner: string | null,
  t: Translate,
  now: number = Date.now(),
): Promise<OrderAnswer | null> {
  return orderAnswerFrom(await namedBatch(db, orderAnswerSteps(db, tenant.id, publicId, owner)), tenant, t, now)?.answer ?? null;
}

/** A history row as answered, in `t`'s language: its statuses, and its note when the platform wrote it. */
export function historyEntry(row: HistoryRow, t: Translate): OrderHistoryEntry {
  return {
    status: row.status,
    status_text: orderStatusText(t, row.status),
    payment_status: row.payment_status,
    payment_status_text: paymentStatusText(t, row.payment_status),
    at: new Date(row.at).toISOString(),
    note: orderNoteText(t, row.note),
  };
}

/** Whether the customer may cancel now: a status before dispatch, inside the store's window. */
export function canCancel(row: Pick<OrderRow, "status" | "cancel_until">, now: number): boolean {
  return CUSTOMER_CANCELLABLE.includes(row.status) && now < row.cancel_until;
}

/** Whether an online payment can be made (or tried again) now. */
export function canPay(row: Pick<OrderRow, "status" | "payment_method" | "payment_due_by">, now: number): boolean {
  return (
    row.payment_method === "online" &&
    (row.status === "pending_payment" || row.status === "payment_failed") &&
    (row.payment_due_by === null || now < row.payment_due_by)
  );
}

/** The method as answered: `wallet` when the wallets paid it all (the stored method was never used). */
export function answeredMethod(row: Pick<OrderRow, "payment_method" | "total" | "wallet_amount" | "reward_amount">): OrderPaymentMethod {
  const fromWallets = row.wallet_amount + row.reward_amount;
  return fromWallets > 0 && fromWallets === row.total ? "wallet" : row.payment_method;
}

type HeadingColumns =
  | "public_id"
  | "number"
  | "status"
  | "payment_method"
  | "payment_status"
  | "fulfillment"
  | "total"
  | "wallet_amount"
  | "reward_amount";

/**
 * The heading of an order answer, from its row (shared by the shopper's and the store owner's answers), its statuses
 * in `t`'s language.
 */
export function orderHeading(row: Pick<OrderRow, HeadingColumns>, t: Translate): OrderHeading {
  return {
    id: row.public_id,
    number: row.number,
    status: row.status,
    status_text: orderStatusText(t, row.status),
    payment_method: answeredMethod(row),
    payment_status: row.payment_status,
    payment_status_text: paymentStatusText(t, row.payment_status),
    fulfillment: row.fulfillment,
  };
}

function toOrderAnswer(
  row: OrderRow,
  lines: LineRow[],
  history: HistoryRow[],
  decimalPlaces: number,
  t: Translate,
  now: number,
): OrderAnswer {
  const major = (minor: number) => toMajor(minor, decimalPlaces);
  const bill = JSON.parse(row.bill_json) as BillSnapshot;
  const items: OrderLineAnswer[] = lines.map((line) => ({
    id: line.id,
    product_id: line.product_id,
    name: line.name,
    slug: line.slug,
    image: line.image,
    options: JSON.parse(line.options_json) as string[],
    quantity: line.quantity,
    unit_price: major(line.unit_price),
    line_total: major(line.line_subtotal),
    rating: line.rating,
    review: line.review,
  }));
  const cancellable = canCancel(row, now);
  return {
    ...orderHeading(row, t),
    branch_id: row.branch_id,
    branch_name: row.branch_name ?? "",
    address: row.address_json === null ? null : (JSON.parse(row.address_json) as OrderAddress),
    note: row.note,
    items,
    bill: {
      total_original_price: major(bill.total_original_price),
      subtotal: major(bill.subtotal),
      product_price_discount: major(bill.product_price_discount),
      order_discount_amount: major(bill.order_discount_amount),
      subtotal_after_discounts: major(bill.subtotal_after_discounts),
      delivery_charge: major(bill.delivery_charge),
      shipping_discount_amount: major(bill.shipping_discount_amount),
      applied_additional_fees: bill.applied_additional_fees.map((f) => ({ name: f.name, amount: major(f.amount) })),
      tax_amount: major(bill.tax_amount),
      tax_inclusive: bill.tax_inclusive,
      total: major(bill.total),
      total_discount: major(bill.total_discount),
      coupon_code: bill.coupon_code,
      wallet_amount: major(row.wallet_amount),
      reward_amount: major(row.reward_amount),
      to_pay: major(row.total - row.wallet_amount - row.reward_amount),
    },
    currency_code: row.currency_code,
    placed_at: new Date(row.placed_at).toISOString(),
    history: history.map((entry) => historyEntry(entry, t)),
    can_cancel: cancellable,
    cancel_until: cancellable ? new Date(row.cancel_until).toISOString() : null,
    can_pay: canPay(row, now),
    can_rate: row.status === "delivered",
    // A cancel kept its note as the reason: the platform's own is said like the history's.
    cancel_reason: row.cancel_reason === null ? null : orderNoteText(t, row.cancel_reason),
    refund: row.refund_status === null ? null : refundState(row.refund_status, Math.max(1, row.refund_attempts ?? 1)),
    tracking_path: `/track-order/${row.public_id}`,
  };
}
