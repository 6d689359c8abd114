import { localDay } from "../../../commerce/desk/local-day";
import {
  COUNTED_PAYMENTS,
  COUNTED_STATUSES,
  REFUND_PAYMENTS,
  shapeToday,
  TOP_PRODUCTS,
  type TodayNumbers,
  type TopProduct,
} from "../../../commerce/desk/today-numbers";
import { namedBatch, step } from "../../db/batch";
import type { Store } from "../../tenancy/tenant";

/** Our own constants as an SQL list, written into the statement so that a partial index can be proven to apply. */
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

// Which orders count (decision 085): placed today, and being fulfilled or paid for (a cash order from placing, a card
// order once paid, one cancelled after its money was taken too: its refund is counted apart). Read through
// orders_by_store, today's orders only.
const COUNTED_TODAY = `o.tenant_id = ?1 AND o.placed_at >= ?2 AND o.placed_at < ?3
  AND (o.status IN (${sqlList(COUNTED_STATUSES)}) OR o.payment_status IN (${sqlList(COUNTED_PAYMENTS)}))`;

// The product's name from its latest line today (SQLite takes a bare column from the row MAX chose): a product renamed
// during the day is one product under its newer name.
const topProducts = (order: string) => `SELECT l.product_id AS productId, l.name AS name, SUM(l.quantity) AS units,
   SUM(l.line_total) AS revenue, MAX(l.id) AS latest
 FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
 WHERE ${COUNTED_TODAY}
 GROUP BY l.product_id ORDER BY ${order}, l.product_id LIMIT ?4`;

// A refund is the day an order's payment first went to a refund (the cancel, or a late payment given back): its first
// such history row, read through the partial index order_status_history_refunds (migration 0036).
const REFUNDS = `SELECT COUNT(*) AS count, coalesce(SUM(o.total), 0) AS amount
 FROM order_status_history h JOIN orders o ON o.tenant_id = h.tenant_id AND o.id = h.order_id
 WHERE h.tenant_id = ?1 AND h.payment_status IN (${sqlList(REFUND_PAYMENTS)}) AND h.at >= ?2 AND h.at < ?3
   AND NOT EXISTS (SELECT 1 FROM order_status_history e
     WHERE e.tenant_id = ?1 AND e.order_id = h.order_id AND e.id < h.id AND e.payment_status IN (${sqlList(REFUND_PAYMENTS)}))`;

/** The statements, exported for the test that holds each to its index. */
export const TODAY_QUERIES = {
  slots: `SELECT (o.placed_at - ?2) / 3600000 AS slot, COUNT(*) AS orders, SUM(o.total) AS revenue
   FROM orders o WHERE ${COUNTED_TODAY} GROUP BY slot`,
  topByUnits: topProducts("units DESC, revenue DESC"),
  topByRevenue: topProducts("revenue DESC, units DESC"),
  refunds: REFUNDS,
};

/**
 * Today's numbers of a store, "today" in its time zone: orders and revenue by hour, the average order, the top
 * products by units and by revenue, and the refunds. One round trip.
 */
export async function todayNumbers(db: D1Database, store: Store, now: number): Promise<TodayNumbers> {
  const { timeZone } = store.settings;
  const day = localDay(now, timeZone);
  const bind = (sql: string, ...more: number[]) => db.prepare(sql).bind(store.id, day.start, day.end, ...more);
  const ran = await namedBatch(db, {
    slots: step<{ slot: number; orders: number; revenue: number }>(bind(TODAY_QUERIES.slots)),
    topByUnits: step<TopProduct>(bind(TODAY_QUERIES.topByUnits, TOP_PRODUCTS)),
    topByRevenue: step<TopProduct>(bind(TODAY_QUERIES.topByRevenue, TOP_PRODUCTS)),
    refunds: step<{ count: number; amount: number }>(bind(TODAY_QUERIES.refunds)),
  });
  const product = ({ productId, name, units, revenue }: TopProduct): TopProduct => ({ productId, name, units, revenue });
  return shapeToday(day, timeZone, {
    slots: ran.slots.results,
    topByUnits: ran.topByUnits.results.map(product),
    topByRevenue: ran.topByRevenue.results.map(product),
    refunds: ran.refunds.results[0] ?? { count: 0, amount: 0 },
  });
}
