import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import { filterStatuses, type OrderFilter } from "../../commerce/order-filter";
import { type OrderStatus, orderStatusText, type PaymentStatus } from "../../commerce/order-status";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";
import { customerOwner } from "../shopper/owner";
import type { Tenant } from "../tenancy/tenant";
import type { OrderSummary } from "./order-answer";

interface SummaryRow {
  public_id: string;
  number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total: number;
  placed_at: number;
  item_count: number;
  item_names: string;
}

/** How many line names a summary shows. */
const NAMES_SHOWN = 3;

/**
 * One page of a customer's orders in this store, newest first (index orders_by_owner), optionally of one status or
 * group (commerce/order-filter). The lines' count and first names come from the same statement. Statuses are said in
 * `t`'s language, the caller's.
 */
export async function listCustomerOrders(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  customerId: number,
  paging: Paging,
  filter: OrderFilter | null,
  t: Translate,
): Promise<Page<OrderSummary>> {
  const owner = customerOwner(customerId);
  const statuses = filterStatuses(filter);
  // The statuses as one JSON parameter (null: all), so one statement serves every filter.
  const status = statuses === null ? null : JSON.stringify(statuses);
  const ran = await namedBatch(db, {
    orders: step<SummaryRow>(
      db
        .prepare(
          `SELECT o.public_id, o.number, o.status, o.payment_status, o.total, o.placed_at,
             (SELECT sum(quantity) FROM order_lines WHERE order_id = o.id) AS item_count,
             (SELECT json_group_array(name) FROM (SELECT name FROM order_lines WHERE order_id = o.id ORDER BY id LIMIT ${NAMES_SHOWN})) AS item_names
           FROM orders o WHERE o.tenant_id = ?1 AND o.owner = ?2 AND (?5 IS NULL OR o.status IN (SELECT value FROM json_each(?5)))
           ORDER BY o.placed_at DESC, o.id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(tenant.id, owner, paging.perPage, (paging.page - 1) * paging.perPage, status),
    ),
    total: step<{ total: number }>(
      db
        .prepare(
          "SELECT COUNT(*) AS total FROM orders WHERE tenant_id = ?1 AND owner = ?2 AND (?3 IS NULL OR status IN (SELECT value FROM json_each(?3)))",
        )
        .bind(tenant.id, owner, status),
    ),
  });
  const total = totalOf(ran.total);
  const summaries = ran.orders.results.map(
    (row): OrderSummary => ({
      id: row.public_id,
      number: row.number,
      status: row.status,
      status_text: orderStatusText(t, row.status),
      payment_status: row.payment_status,
      total: toMajor(row.total, tenant.settings.currency.decimalPlaces),
      item_count: row.item_count ?? 0,
      item_names: JSON.parse(row.item_names) as string[],
      placed_at: new Date(row.placed_at).toISOString(),
    }),
  );
  return toPage(summaries, total, paging);
}
