import { interfaceLanguageOf } from "../../commerce/languages";
import { ORDER_NOTES } from "../../commerce/order-notes";
import { REFUND_ATTEMPTS } from "../../commerce/refunds";
import { refreshStockMarkers, returnStockSteps } from "../catalog/stock-moves";
import { namedBatch, step } from "../db/batch";
import type { Env } from "../env";
import { transitionSteps } from "../orders";
import { GatewayError, issueRefund, payableOrderById, storeGateway } from "../payments";
import { ensureSchema } from "../placement/schema-version";
import { storeDatabase, storeDatabases } from "../placement/store-databases";
import { tenantById } from "../tenancy/resolve-tenant";
import type { Store } from "../tenancy/tenant";
import { tenantOrigin } from "../tenancy/tenant-origin";
import { orderRefundStep } from "../wallet";
import { type EffectsContext, effectsAwaited, orderTransitioned } from "./order-events";
import { settlePayment } from "./settle-payment";

/** At most this many orders of each kind per store and run; the next run (5 minutes on) takes the rest. */
const BATCH = 50;

export interface ReconcileReport {
  checked: number;
  moved: number;
  expired: number;
  refunds: number;
}

/**
 * Asks the gateway about an order still waiting for its payment (a webhook lost, a callback never made) and settles
 * what it says: a captured payment pays the order, an authorized one is captured and pays it, failed ones mark the
 * attempt failed.
 */
async function reconcileOrder(env: Env, store: Store, orderId: number, effectsContext: EffectsContext): Promise<boolean> {
  const tenantId = store.id;
  const order = await payableOrderById(env.DB, tenantId, orderId);
  if (!order?.gateway) return false;
  const gateway = await storeGateway(env, store, order.gateway.kind);
  if (!gateway) return false;
  const payments = await gateway.orderPayments(order.gateway.orderId);
  const taken = payments.find((payment) => payment.status === "captured") ?? payments.find((payment) => payment.status === "authorized");
  const relevant = taken ? [taken] : payments.filter((payment) => payment.status === "failed");
  let changed = false;
  for (const payment of relevant) {
    const settled = await settlePayment(env, store, order, gateway, payment.id, effectsContext, payment);
    // An authorized payment whose capture did not go through: the gateway is not answering, so do not expire.
    if (settled === "pending") throw new GatewayError("The payment is authorized but not captured yet.");
    changed ||= settled === "moved";
  }
  return changed;
}

/**
 * Expires an order whose payment window passed: status expired, payment void, its coupon use released and what its
 * wallets paid and the stock it took given back, in one batch (both only when the order did expire: a payment that landed first keeps the
 * order, its coupon and its wallet part).
 */
async function expireOrder(env: Env, tenantId: number, order: { id: number; public_id: string }, now: number): Promise<boolean> {
  const orderId = order.id;
  const db = env.DB;
  const ran = await namedBatch(db, {
    transition: transitionSteps(
      db,
      tenantId,
      orderId,
      { status: "expired", payment: "void", actor: "system", note: ORDER_NOTES.not_paid_in_time },
      now,
    ),
    couponReleased: step(
      db
        .prepare(
          `UPDATE coupon_redemptions SET released_at = ?1 WHERE tenant_id = ?2 AND order_id = ?3 AND released_at IS NULL
             AND EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?2 AND id = ?3 AND status = 'expired')`,
        )
        .bind(now, tenantId, orderId),
    ),
    walletRefund: orderRefundStep(db, tenantId, order.public_id, now, "expired"),
    stock: returnStockSteps(db, tenantId, orderId, now),
  });
  const expired = ran.transition.update.meta.changes === 1;
  if (expired) await refreshStockMarkers(env, tenantId, orderId);
  return expired;
}

/**
 * One store's run: reconcile orders waiting for payment, expire those past payment_due_by, ask refunds not yet asked,
 * and ask again those Razorpay failed (refund.failed: "we are not able to process a refund"), up to REFUND_ATTEMPTS.
 */
async function reconcileStore(env: Env, store: Store, effectsContext: EffectsContext, now: number): Promise<ReconcileReport> {
  const tenantId = store.id;
  const report: ReconcileReport = { checked: 0, moved: 0, expired: 0, refunds: 0 };
  const waiting = await env.DB.prepare(
    `SELECT o.id, o.public_id, o.payment_due_by FROM orders o
     WHERE o.tenant_id = ?1 AND o.status IN ('pending_payment', 'payment_failed') AND o.payment_method = 'online'
     ORDER BY o.placed_at LIMIT ?2`,
  )
    .bind(tenantId, BATCH)
    .all<{ id: number; public_id: string; payment_due_by: number | null }>();
  for (const order of waiting.results) {
    report.checked++;
    try {
      if (await reconcileOrder(env, store, order.id, effectsContext)) {
        report.moved++;
        continue;
      }
    } catch (error) {
      // The gateway is down: not knowing whether it was paid, the order is not expired this run.
      if (error instanceof GatewayError) {
        console.warn("reconcile: gateway unavailable", error.message);
        continue;
      }
      throw error;
    }
    if (order.payment_due_by !== null && order.payment_due_by <= now && (await expireOrder(env, tenantId, order, now))) {
      report.expired++;
      await orderTransitioned(env, store, order.id, "expired", effectsContext);
    }
  }
  const refunds = await env.DB.prepare(
    `SELECT o.id FROM orders o
     WHERE o.tenant_id = ?1 AND o.payment_status = 'refund_pending'
       AND EXISTS (SELECT 1 FROM payments p WHERE p.tenant_id = o.tenant_id AND p.order_id = o.id AND p.status = 'captured'
         AND (p.refund_id IS NULL OR (p.refund_status = 'failed' AND p.refund_attempts < ?3)))
     LIMIT ?2`,
  )
    .bind(tenantId, BATCH, REFUND_ATTEMPTS)
    .all<{ id: number }>();
  for (const order of refunds.results) {
    const outcome = await issueRefund(env, store, order.id);
    if (outcome === "refunded") await orderTransitioned(env, store, order.id, "refunded", effectsContext);
    if (outcome === "refunded" || outcome === "requested") report.refunds++;
  }
  return report;
}

/** What one cron run did in each store database: "ok", or why it stopped there. */
export type ReconcileRun = Record<string, "ok" | string>;

/**
 * The cron trigger (wrangler.toml, every 5 minutes): each store database in turn (decision 061), and in it every store
 * it serves. One database failing (unbound, behind, unreachable) or one store failing does not stop the others.
 */
export async function reconcileAll(env: Env, now = Date.now()): Promise<ReconcileRun> {
  const run: ReconcileRun = {};
  for (const { name } of storeDatabases(env)) {
    try {
      const db = storeDatabase(env, name);
      await ensureSchema(name, db);
      await reconcileDatabase({ ...env, DB: db }, name, now);
      run[name] = "ok";
    } catch (error) {
      console.error("reconcile failed for database", name, error);
      run[name] = (error as Error).message;
    }
  }
  return run;
}

/** Every store this database serves (not a copy arriving or left behind by a move). */
async function reconcileDatabase(env: Env, database: string, now: number): Promise<void> {
  const stores = await env.DB.prepare("SELECT id FROM tenants WHERE moving = 0 ORDER BY id").all<{ id: number }>();
  for (const { id } of stores.results) {
    try {
      const store = await tenantById(env.DB, database, id);
      if (!store) continue;
      const origin = await tenantOrigin(env.DB, id);
      const language = interfaceLanguageOf(store.settings.language);
      const report = await effectsAwaited(origin, language, (effectsContext) => reconcileStore(env, store, effectsContext, now));
      if (report.moved + report.expired + report.refunds > 0) console.log("reconcile", id, JSON.stringify(report));
    } catch (error) {
      console.error("reconcile failed for store", id, error);
    }
  }
}
