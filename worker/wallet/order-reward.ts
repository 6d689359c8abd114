import { rewardEarned, rewardExpiry } from "../../commerce/rewards";
import type { Env } from "../env";
import type { Store } from "../tenancy/tenant";
import { creditStatement } from "./ledger";

/**
 * The reward a delivered order earns its customer (the store's `rewardPercent` of the order's total, lapsing after
 * `rewardExpiryDays`): credited once per order, keyed `reward:<order public id>`, however often delivery is reported.
 */
export async function creditOrderReward(env: Env, store: Store, orderId: number, now: number = Date.now()): Promise<void> {
  const order = await env.DB.prepare(
    `SELECT o.public_id, o.customer_id, o.total, o.number
     FROM orders o WHERE o.tenant_id = ?1 AND o.id = ?2 AND o.status = 'delivered'`,
  )
    .bind(store.id, orderId)
    .first<{ public_id: string; customer_id: number | null; total: number; number: string }>();
  // Orders are customers'; anything else (no customer_id) earns nothing.
  if (!order || order.customer_id === null) return;
  const rules = store.settings.rewards;
  const amount = rewardEarned(order.total, rules.percent);
  if (amount <= 0) return;
  await creditStatement(env.DB, {
    tenantId: store.id,
    customerId: order.customer_id,
    wallet: "reward",
    amount,
    source: "order_reward",
    sourceId: order.public_id,
    key: `reward:${order.public_id}`,
    expiresAt: rewardExpiry(now, rules.expiryDays),
    note: `Reward for order ${order.number}`.slice(0, 200),
    now,
  }).run();
}
