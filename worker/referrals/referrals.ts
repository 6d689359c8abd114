import type { Wallet } from "../../commerce/wallet";
import { namedBatch, step } from "../db/batch";
import type { Store } from "../tenancy/tenant";
import { creditStatement } from "../wallet";

/**
 * Referrals (migrations/0016_referrals.sql): who owns a code, what a registration with one writes, and both rewards,
 * paid when the referee's first order is delivered (decision 038): an account made to collect a reward gets nothing
 * until a real order reaches a real customer. Every credit goes through the ledger with a key per referee, so neither
 * reward is ever paid twice (`referral:referee:<id>`, `referral:referrer:<referee id>`).
 */

export interface Referrer {
  id: number;
  name: string;
}

/** The store's customer whose code this is (a code in stored form: commerce/referral.ts `referralCodeOf`). */
export async function referrerByCode(db: D1Database, tenantId: number, code: string): Promise<Referrer | null> {
  return db.prepare("SELECT id, name FROM customers WHERE tenant_id = ?1 AND referral_code = ?2").bind(tenantId, code).first<Referrer>();
}

/** For the registration's batch, after the insert of the new customer (found by email): who referred them. No money yet. */
export function registrationReferralStep(
  db: D1Database,
  referral: { tenantId: number; refereeEmail: string; referrerId: number; now: number },
) {
  return step(
    db
      .prepare(
        `INSERT INTO referrals (tenant_id, referee_id, referrer_id, created_at)
         SELECT ?1, id, ?3, ?4 FROM customers WHERE tenant_id = ?1 AND email = ?2`,
      )
      .bind(referral.tenantId, referral.refereeEmail, referral.referrerId, referral.now),
  );
}

export interface CustomerReferral {
  code: string;
  /** Friends who registered with the code, and those whose first order was delivered (and paid the reward). */
  joined: number;
  rewarded: number;
  /** Who referred this customer, if anyone, and what their registration credited (minor units, 0: nothing). */
  referrerName: string | null;
  welcomeReward: number;
  welcomeWallet: Wallet | null;
}

export async function customerReferral(db: D1Database, tenantId: number, customerId: number): Promise<CustomerReferral | null> {
  return db
    .prepare(
      `SELECT c.referral_code AS code,
              (SELECT count(*) FROM referrals r WHERE r.tenant_id = c.tenant_id AND r.referrer_id = c.id) AS joined,
              (SELECT count(*) FROM referrals r WHERE r.tenant_id = c.tenant_id AND r.referrer_id = c.id AND r.rewarded_at IS NOT NULL) AS rewarded,
              (SELECT f.name FROM referrals r JOIN customers f ON f.tenant_id = r.tenant_id AND f.id = r.referrer_id
               WHERE r.tenant_id = c.tenant_id AND r.referee_id = c.id) AS referrerName,
              coalesce(w.amount, 0) AS welcomeReward, w.wallet AS welcomeWallet
       FROM customers c
       LEFT JOIN wallet_entries w ON w.tenant_id = c.tenant_id AND w.idempotency_key = 'referral:referee:' || c.id
       WHERE c.tenant_id = ?1 AND c.id = ?2`,
    )
    .bind(tenantId, customerId)
    .first<CustomerReferral>();
}

/**
 * The delivery hook's step: when the order's customer was referred and this is their first delivered order (the
 * lowest id among their delivered orders, so of two delivered at once exactly one qualifies), the referee gets their
 * welcome reward and the referrer theirs, in one batch. Keyed by the referee, so a repeated event or a later order
 * credits nothing more.
 */
export async function rewardReferral(db: D1Database, store: Store, orderId: number): Promise<void> {
  const tenantId = store.id;
  const referral = await db
    .prepare(
      `SELECT r.referee_id AS refereeId, r.referrer_id AS referrerId,
              (SELECT min(d.id) FROM orders d WHERE d.tenant_id = o.tenant_id AND d.customer_id = o.customer_id AND d.status = 'delivered') AS firstDelivered
       FROM orders o JOIN referrals r ON r.tenant_id = o.tenant_id AND o.customer_id = r.referee_id
       WHERE o.tenant_id = ?1 AND o.id = ?2`,
    )
    .bind(tenantId, orderId)
    .first<{ refereeId: number; referrerId: number; firstDelivered: number | null }>();
  if (!referral || referral.firstDelivered !== orderId) return;
  const settings = store.settings.referrals;
  const now = Date.now();
  const { refereeId, referrerId } = referral;
  const credits = [
    {
      customerId: refereeId,
      amount: settings.refereeReward,
      source: "referral_referee" as const,
      key: `referral:referee:${refereeId}`,
      note: "Welcome reward for joining with a friend's code",
    },
    {
      customerId: referrerId,
      amount: settings.referrerReward,
      source: "referral_referrer" as const,
      key: `referral:referrer:${refereeId}`,
      note: "Reward for a friend's first order",
    },
  ].filter((credit) => credit.amount > 0);
  await namedBatch(db, {
    credits: credits.map((credit) =>
      step(creditStatement(db, { tenantId, wallet: settings.wallet, sourceId: String(refereeId), now, ...credit })),
    ),
    rewarded: step(
      db
        .prepare("UPDATE referrals SET rewarded_at = ?3 WHERE tenant_id = ?1 AND referee_id = ?2 AND rewarded_at IS NULL")
        .bind(tenantId, refereeId, now),
    ),
  });
}
