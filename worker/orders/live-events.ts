import type { Translate } from "../../commerce/i18n/catalogue";
import { isFinalOrder } from "../../commerce/order-final";
import { orderStatusText } from "../../commerce/order-status";
import { step } from "../db/batch";
import { type OrderKey, orderIdOf } from "../db/order-key";
import { rowsOf } from "../db/sql";
import type { OwnerOrderMessage, ShopperOrderMessage } from "./live-messages";
import { type OrderRow, orderHeading } from "./order-read";

/**
 * An order's transitions as the live stream tells them, read from D1: each history row (its id orders the stream, its
 * statuses are the transition's) with the order's heading. D1 is the record; the store's object only relays what this
 * reads.
 */

type EventColumns = "id" | "public_id" | "number" | "status" | "payment_method" | "payment_status" | "fulfillment" | "total";
export type LiveEventRow = Pick<OrderRow, EventColumns | "wallet_amount" | "reward_amount"> & {
  event_id: number;
  customer_id: number | null;
  at: number;
};

/** Which transitions one connection follows: one order (by its row id), one customer's orders, or all the store's. */
export type Watch = { kind: "order"; orderId: number } | { kind: "customer"; customerId: number } | { kind: "store" };

// The statuses are the history row's, the state that transition left: a replay tells each step as it was.
const SELECT = `SELECT h.id AS event_id, h.at, h.status, h.payment_status, o.id, o.customer_id, o.public_id, o.number,
  o.payment_method, o.fulfillment, o.total, o.wallet_amount, o.reward_amount
  FROM order_status_history h JOIN orders o ON o.tenant_id = h.tenant_id AND o.id = h.order_id`;

/** The order's newest transition, the one a publish announces; null for an order this store does not have. */
export async function latestEvent(db: D1Database, tenantId: number, orderId: number): Promise<LiveEventRow | null> {
  return latestEventFrom(await latestEventStep(db, tenantId, { id: orderId }).statement.all<LiveEventRow>());
}

/** `latestEvent` as a statement for a caller's batch (the transition's own); read its result with `latestEventFrom`. */
export function latestEventStep(db: D1Database, tenantId: number, order: OrderKey) {
  const { sql, value } = orderIdOf(order);
  return step<LiveEventRow>(
    db.prepare(`${SELECT} WHERE h.tenant_id = ?1 AND h.order_id = ${sql} ORDER BY h.id DESC LIMIT 1`).bind(tenantId, value),
  );
}

export function latestEventFrom(result: Pick<D1Result<LiveEventRow>, "results">): LiveEventRow | null {
  return result.results[0] ?? null;
}

/** The transitions after `after` that `watch` follows, oldest first, at most `limit`. */
export async function eventsAfter(db: D1Database, tenantId: number, watch: Watch, after: number, limit: number): Promise<LiveEventRow[]> {
  const [filter, values] = watchFilter(watch);
  const result = await db
    .prepare(`${SELECT} WHERE h.tenant_id = ?1 AND h.id > ?2 ${filter} ORDER BY h.id LIMIT ${limit}`)
    .bind(tenantId, after, ...values)
    .all<LiveEventRow>();
  return rowsOf<LiveEventRow>(result);
}

/** The newest transition `watch` covers (0 when there is none): where a fresh connection starts listening. */
export async function newestEventId(db: D1Database, tenantId: number, watch: Watch): Promise<number> {
  const [filter, values] = watchFilter(watch);
  const row = await db
    .prepare(
      `SELECT coalesce(max(h.id), 0) AS id FROM order_status_history h JOIN orders o ON o.tenant_id = h.tenant_id AND o.id = h.order_id
       WHERE h.tenant_id = ?1 AND h.id > ?2 ${filter}`,
    )
    .bind(tenantId, 0, ...values)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** The condition (parameter ?3) that narrows a tenant's transitions to what `watch` follows. */
function watchFilter(watch: Watch): [string, number[]] {
  if (watch.kind === "order") return ["AND o.id = ?3", [watch.orderId]];
  if (watch.kind === "customer") return ["AND o.customer_id = ?3", [watch.customerId]];
  return ["", []];
}

/** A transition as a shopper's socket hears it, its status in `t`'s language (the one its connection was opened in). */
export function shopperMessage(row: LiveEventRow, t: Translate): ShopperOrderMessage {
  return {
    type: "order",
    id: row.event_id,
    order_id: row.public_id,
    number: row.number,
    status: row.status,
    status_text: orderStatusText(t, row.status),
    final: isFinalOrder(row.status, row.payment_status),
  };
}

/** A transition as the owner's socket hears it, in `t`'s language likewise. */
export function ownerMessage(row: LiveEventRow, t: Translate): OwnerOrderMessage {
  return { type: "order", id: row.event_id, at: new Date(row.at).toISOString(), order: orderHeading(row, t) };
}
