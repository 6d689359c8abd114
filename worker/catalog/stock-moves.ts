import type { Message } from "../../commerce/i18n/message";
import { stockShortfall } from "../../commerce/stock";
import { step } from "../db/batch";
import { type OrderKey, orderIdOf } from "../db/order-key";
import { hostCacheKey } from "../tenancy/resolve-tenant";

/**
 * What orders do to stock (decision 053). Placing takes the order's units of every product its branch counts, in the
 * placing batch; the BEFORE UPDATE trigger of migrations/0027 aborts that batch (the order with it) when a product would
 * go below zero, so concurrent orders never take the last units twice. What was taken is kept in order_stock, and a
 * cancelled or expired order gives back exactly that, once.
 */

/** The message of the trigger that aborts a batch taking more than is left. */
export const OUT_OF_STOCK = /out_of_stock/;

/**
 * The statements taking the stock of the order with public id `publicId` (?2) at its branch, for the end of the placing
 * batch: they write only when that order exists (it is inserted only while the cart is as priced).
 */
export function takeStockSteps(db: D1Database, tenantId: number, publicId: string) {
  const order = "(SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2)";
  return {
    recorded: step(
      db
        .prepare(
          `INSERT INTO order_stock (tenant_id, order_id, product_id, branch_id, quantity)
           SELECT l.tenant_id, l.order_id, l.product_id, s.branch_id, SUM(l.quantity) FROM order_lines l
           JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
           JOIN branch_stock s ON s.tenant_id = l.tenant_id AND s.branch_id = o.branch_id AND s.product_id = l.product_id
           WHERE l.tenant_id = ?1 AND l.order_id = ${order} GROUP BY l.product_id`,
        )
        .bind(tenantId, publicId),
    ),
    taken: step(
      db
        .prepare(
          `UPDATE branch_stock SET quantity = quantity - (SELECT t.quantity FROM order_stock t
             WHERE t.tenant_id = branch_stock.tenant_id AND t.order_id = ${order} AND t.product_id = branch_stock.product_id)
           WHERE tenant_id = ?1 AND (product_id, branch_id) IN
             (SELECT product_id, branch_id FROM order_stock WHERE tenant_id = ?1 AND order_id = ${order})`,
        )
        .bind(tenantId, publicId),
    ),
  };
}

/**
 * The statements giving back what the order took, for the batch that cancels or expires it: they write only once the
 * order is in one of those states, and only what was not given back yet (so a cancel that lost a race gives nothing).
 * A product whose branch no longer counts it (its row gone) gets nothing back.
 */
export function returnStockSteps(db: D1Database, tenantId: number, orderId: number, now: number) {
  const closed = "EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?1 AND id = ?2 AND status IN ('cancelled', 'expired'))";
  return {
    returned: step(
      db
        .prepare(
          `UPDATE branch_stock SET quantity = quantity + (SELECT t.quantity FROM order_stock t
             WHERE t.tenant_id = ?1 AND t.order_id = ?2 AND t.product_id = branch_stock.product_id)
           WHERE tenant_id = ?1 AND ${closed} AND (product_id, branch_id) IN
             (SELECT product_id, branch_id FROM order_stock WHERE tenant_id = ?1 AND order_id = ?2 AND returned_at IS NULL)`,
        )
        .bind(tenantId, orderId),
    ),
    markedReturned: step(
      db
        .prepare(`UPDATE order_stock SET returned_at = ?3 WHERE tenant_id = ?1 AND order_id = ?2 AND returned_at IS NULL AND ${closed}`)
        .bind(tenantId, orderId, now),
    ),
  };
}

/** A cart line as placing sees it: its product, how many, and the name shown. */
export interface WantedLine {
  productId: number;
  quantity: number;
  name: string;
}

/**
 * Why the branch cannot fill these lines (a message naming the first item short), or null. Placing asks before its
 * batch, and again when the batch aborted because a concurrent order took the units meanwhile.
 */
export async function orderStockRefusal(db: D1Database, tenantId: number, branchId: number, lines: WantedLine[]): Promise<Message | null> {
  const { results } = await db
    .prepare(
      `SELECT product_id, quantity FROM branch_stock
       WHERE tenant_id = ?1 AND branch_id = ?2 AND product_id IN (SELECT value FROM json_each(?3))`,
    )
    .bind(tenantId, branchId, JSON.stringify([...new Set(lines.map((l) => l.productId))]))
    .all<StockLeft>();
  return stockRefusal(results, lines);
}

/** A branch_stock row: what the branch has left of a product it counts. */
export interface StockLeft {
  product_id: number;
  quantity: number;
}

/** `orderStockRefusal`'s verdict from rows already read (`left`: at least the lines' products the branch counts). */
export function stockRefusal(left: StockLeft[], lines: WantedLine[]): Message | null {
  const wanted = new Map<number, WantedLine>();
  for (const line of lines) {
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  const leftOf = new Map(left.map((r) => [r.product_id, r.quantity]));
  for (const line of wanted.values()) {
    const message = stockShortfall(leftOf.get(line.productId) ?? null, line.quantity, { name: line.name });
    if (message) return message;
  }
  return null;
}

/** A store's hostname with the products marker its cached copy should have. */
export interface HostMarker {
  hostname: string;
  version: number;
}

/**
 * The store's hosts and products marker, for `refreshStockMarkers` (for a caller's batch: the transition's own); with
 * an order, only if it took counted stock.
 */
export function stockMarkersStep(db: D1Database, tenantId: number, order: OrderKey | null) {
  const key = order === null ? { sql: "?2", value: null } : orderIdOf(order);
  const statement = db
    .prepare(
      `SELECT h.hostname, m.version FROM tenant_hosts h JOIN cache_markers m ON m.tenant_id = h.tenant_id AND m.name = 'products'
       WHERE h.tenant_id = ?1 AND (?2 IS NULL OR EXISTS (SELECT 1 FROM order_stock WHERE tenant_id = ?1 AND order_id = ${key.sql}))`,
    )
    .bind(tenantId, key.value);
  return step<HostMarker>(statement);
}

/**
 * After an order's stock moved (placed, cancelled, expired): the trigger of migrations/0027 bumps the products marker
 * when a product crossed a level, but the store's hostnames cache the markers (worker/tenancy/resolve-tenant.ts); drop
 * those whose copy is behind, so the next request reads the new version and no cached page shows the old level. An
 * order that took no counted stock costs one query.
 */
export async function refreshStockMarkers(
  env: { DB: D1Database; KV: KVNamespace },
  tenantId: number,
  orderId: number | null,
  read?: HostMarker[],
): Promise<void> {
  // `read`: the hosts as the transition's own batch read them, when it did.
  const results =
    read ?? (await stockMarkersStep(env.DB, tenantId, orderId === null ? null : { id: orderId }).statement.all<HostMarker>()).results;
  await Promise.all(
    results.map(async ({ hostname, version }) => {
      const cached = await env.KV.get<{ markers?: { products?: number } }>(hostCacheKey(hostname), "json");
      if (cached && cached.markers?.products !== version) await env.KV.delete(hostCacheKey(hostname));
    }),
  );
}
