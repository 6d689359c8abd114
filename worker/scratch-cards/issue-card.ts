import { newPublicId } from "../../commerce/ids";
import { pickAmount } from "../../commerce/scratch-cards";
import type { Store } from "../tenancy/tenant";

const DAY = 86_400_000;

/**
 * A delivered order's scratch card, where the store enables them: a random amount in the store's range for the
 * order's customer, lapsing after the store's days. Once per order (UNIQUE (tenant_id, order_id)): a second delivery
 * hook for the same order writes nothing. Only a delivered order of a customer earns one.
 */
export async function issueScratchCard(db: D1Database, store: Store, orderId: number, now = Date.now()): Promise<void> {
  const rules = store.settings.scratchCards;
  if (!rules) return;
  const [random] = crypto.getRandomValues(new Uint32Array(1));
  const amount = pickAmount(rules, random ?? 0) * 10 ** store.settings.currency.decimalPlaces;
  await db
    .prepare(
      `INSERT INTO scratch_cards (tenant_id, customer_id, order_id, public_id, amount, wallet, status, expires_at, created_at)
       SELECT tenant_id, customer_id, id, ?3, ?4, ?5, 'unscratched', ?6, ?7
       FROM orders WHERE tenant_id = ?1 AND id = ?2 AND status = 'delivered' AND customer_id IS NOT NULL
       ON CONFLICT (tenant_id, order_id) DO NOTHING`,
    )
    .bind(store.id, orderId, newPublicId(), amount, rules.wallet, now + rules.expiryDays * DAY, now)
    .run();
}
