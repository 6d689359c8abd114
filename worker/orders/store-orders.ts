import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import type { OrderStatus, PaymentStatus } from "../../commerce/order-status";
import type { PaymentMethod } from "../../commerce/settings/checkout-settings";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import type { OrderAnswer, OrderHeading } from "./order-answer";
import { loadOrderAnswer, orderHeading } from "./order-read";

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

// The order's customer_id (migration 0024) finds the customer by primary key.
const SELECT = `SELECT o.public_id, o.number, o.status, o.payment_method, o.payment_status, o.fulfillment, o.total, o.wallet_amount,
   o.reward_amount, o.currency_code, c.name, c.phone, o.placed_at
 FROM orders o LEFT JOIN customers c ON c.tenant_id = o.tenant_id AND c.id = o.customer_id`;

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

/** One order of the store, whole, with who placed it (GET /api/admin/orders/{order_id}). */
export type StoreOrderDetail = OrderAnswer & { customer: StoreOrderSummary["customer"] };

/** The store's order with this public id, whole; null for an id the store does not have. */
export async function loadStoreOrder(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  publicId: string,
  t: Translate,
): Promise<StoreOrderDetail | null> {
  const [order, row] = await Promise.all([
    loadOrderAnswer(db, tenant, publicId, null, t),
    db.prepare(`${SELECT} WHERE o.tenant_id = ?1 AND o.public_id = ?2`).bind(tenant.id, publicId).first<Row>(),
  ]);
  return order && row ? { ...order, customer: storeOrderSummary(row, tenant.settings.currency.decimalPlaces, t).customer } : null;
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
