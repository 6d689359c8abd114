import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import { BOARD_COLUMNS, type OrderStatus, type PaymentStatus } from "../../commerce/order-status";
import type { PaymentMethod } from "../../commerce/settings/checkout-settings";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import type { OrderAnswer, OrderHeading, OrderHistoryEntry } from "./order-answer";
import { type MoveMaker, orderAnswerFrom, orderAnswerSteps, orderHeading } from "./order-read";

/** An order in the store owner's list (GET /api/admin/orders). Amounts in major units, like every API answer. */
export interface StoreOrderSummary extends OrderHeading {
  total: number;
  currency_code: string;
  customer: { name: string; phone: string };
  /** ISO 8601. */
  placed_at: string;
}

interface Row {
  public_id: string;
  number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfillment: "delivery" | "pickup";
  total: number;
  wallet_amount: number;
  reward_amount: number;
  currency_code: string;
  name: string | null;
  phone: string | null;
  placed_at: number;
}

const COLUMNS = `o.public_id, o.number, o.status, o.payment_method, o.payment_status, o.fulfillment, o.total, o.wallet_amount,
   o.reward_amount, o.currency_code, c.name, c.phone, o.placed_at`;
// The order's customer_id (migration 0024) finds the customer by primary key.
const FROM = "FROM orders o LEFT JOIN customers c ON c.tenant_id = o.tenant_id AND c.id = o.customer_id";
const SELECT = `SELECT ${COLUMNS} ${FROM}`;

/** One page of the store's orders, newest first, optionally of one status; statuses in `t`'s language (the caller's). */
export async function listStoreOrders(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  status: OrderStatus | undefined,
  paging: Paging,
  t: Translate,
): Promise<Page<StoreOrderSummary>> {
  // Two statements rather than `?2 IS NULL OR …`, so each reads its own index (orders_by_status, orders_by_store).
  const where = status === undefined ? "o.tenant_id = ?1" : "o.tenant_id = ?1 AND o.status = ?2";
  const filter = status === undefined ? [tenant.id] : [tenant.id, status];
  const ran = await namedBatch(db, {
    orders: step<Row>(
      db
        .prepare(`${SELECT} WHERE ${where} ORDER BY o.placed_at DESC, o.id DESC LIMIT ?3 OFFSET ?4`)
        .bind(tenant.id, status ?? null, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
    total: step<{ total: number }>(db.prepare(`SELECT COUNT(*) AS total FROM orders o WHERE ${where}`).bind(...filter)),
  });
  const total = totalOf(ran.total);
  const orders = ran.orders.results.map((row) => storeOrderSummary(row, tenant.settings.currency.decimalPlaces, t));
  return toPage(orders, total, paging);
}

/** A history entry as the store reads it: also who made the move (a removed member keeps their row, and name). */
export type StoreHistoryEntry = OrderHistoryEntry & MoveMaker;

/** One order of the store, whole, with who placed it and who made each move (GET /api/admin/orders/{order_id}). */
export type StoreOrderDetail = Omit<OrderAnswer, "history"> & { customer: StoreOrderSummary["customer"]; history: StoreHistoryEntry[] };

/** The store's order with this public id, whole, in one batch; null for an id the store does not have. */
export async function loadStoreOrder(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  publicId: string,
  t: Translate,
): Promise<StoreOrderDetail | null> {
  const ran = await namedBatch(db, {
    ...orderAnswerSteps(db, tenant.id, publicId, null),
    customer: step<Row>(db.prepare(`${SELECT} WHERE o.tenant_id = ?1 AND o.public_id = ?2`).bind(tenant.id, publicId)),
  });
  const order = orderAnswerFrom(ran, tenant, t)?.answer;
  const row = ran.customer.results[0];
  if (!order || !row) return null;
  // The answer's history is made from these rows, one entry each, in their order.
  const history = ran.history.results.map(({ actor, staff_name, key_label }, i) => ({
    ...order.history[i]!,
    actor,
    staff_name,
    key_label,
  }));
  return { ...order, history, customer: storeOrderSummary(row, tenant.settings.currency.decimalPlaces, t).customer };
}

/** An order on the desk's board: its heading and what its card shows. */
export interface BoardOrder extends StoreOrderSummary {
  /** How many items, counting each line's quantity. */
  item_count: number;
}

/** At most this many orders on the board, the oldest first: a store with more works through them before it sees the rest. */
export const BOARD_LIMIT = 300;

/**
 * The orders the desk's board shows (commerce/order-status.ts BOARD_COLUMNS), oldest first, and the newest event of
 * the store's live stream when they were read (in the same transaction): the board's script listens from there, so a
 * move made after this read reaches it and none before it is told twice.
 */
export async function listBoardOrders(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  t: Translate,
): Promise<{ orders: BoardOrder[]; after: number }> {
  const statuses = BOARD_COLUMNS.map((_, i) => `?${i + 3}`).join(", ");
  const ran = await namedBatch(db, {
    orders: step<Row & { item_count: number | null }>(
      db
        .prepare(
          `SELECT ${COLUMNS}, (SELECT sum(l.quantity) FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id) AS item_count
           ${FROM} WHERE o.tenant_id = ?1 AND o.status IN (${statuses}) ORDER BY o.placed_at, o.id LIMIT ?2`,
        )
        .bind(tenant.id, BOARD_LIMIT, ...BOARD_COLUMNS),
    ),
    newest: step<{ id: number }>(
      db.prepare("SELECT id FROM order_status_history WHERE tenant_id = ?1 ORDER BY id DESC LIMIT 1").bind(tenant.id),
    ),
  });
  const decimalPlaces = tenant.settings.currency.decimalPlaces;
  const orders = ran.orders.results.map((row) => ({ ...storeOrderSummary(row, decimalPlaces, t), item_count: row.item_count ?? 0 }));
  return { orders, after: ran.newest.results[0]?.id ?? 0 };
}

function storeOrderSummary(row: Row, decimalPlaces: number, t: Translate): StoreOrderSummary {
  return {
    ...orderHeading(row, t),
    total: toMajor(row.total, decimalPlaces),
    currency_code: row.currency_code,
    // A customer whose account is gone still placed the order.
    customer: { name: row.name ?? "", phone: row.phone ?? "" },
    placed_at: new Date(row.placed_at).toISOString(),
  };
}
