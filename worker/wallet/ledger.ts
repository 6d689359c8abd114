import { type OpenCredit, type Take, WALLETS, type Wallet } from "../../commerce/wallet";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { namedBatch, step } from "../db/batch";
import { placeholders, totalOf } from "../db/sql";

/**
 * The wallets' ledger (migrations/0014_wallets.sql, decision 027): the only module that writes wallet_entries. Each
 * function answers statements for the caller's D1 batch, so a wallet change commits with what caused it (an order, a
 * redeemed card) or not at all. The balance follows every entry by trigger; its CHECK aborts an overdraft.
 */

export type CreditSource = "order_refund" | "order_reward" | "scratch_card" | "referral_referee" | "referral_referrer";

export interface Credit {
  tenantId: number;
  customerId: number;
  wallet: Wallet;
  amount: number;
  source: CreditSource;
  sourceId: string;
  /** The event's own key: the same key never credits twice. */
  key: string;
  expiresAt?: number | null;
  note?: string;
  now: number;
  /**
   * A condition the credit is entered on, as SQL over the credit's own values (`at` names their placeholders): what
   * ties it to the change that earns it in the same batch (a scratch card's redeeming update), so a batch whose change
   * did not land credits nothing. Absent: always.
   */
  onlyIf?: (at: CreditPlaceholders) => string;
}

export type Balances = Record<Wallet, number>;

function assertCreditAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`a credit is a positive whole amount, not ${amount}`);
}

/** The credit statement's values, in the order it binds them. */
const CREDIT = placeholders("tenant", "customer", "wallet", "amount", "source", "sourceId", "key", "expiresAt", "note", "now");
type CreditPlaceholders = typeof CREDIT;

/** A credit, entered once per key (a repeat is a no-op, so a redelivered event cannot credit twice). */
export function creditStatement(db: D1Database, credit: Credit): D1PreparedStatement {
  assertCreditAmount(credit.amount);
  const at = CREDIT;
  return db
    .prepare(
      `INSERT INTO wallet_entries (tenant_id, customer_id, wallet, amount, source, source_id, idempotency_key, expires_at, remaining, note, created_at)
       SELECT ${at.tenant}, ${at.customer}, ${at.wallet}, ${at.amount}, ${at.source}, ${at.sourceId}, ${at.key}, ${at.expiresAt},
              ${at.amount}, ${at.note}, ${at.now}
       WHERE ${credit.onlyIf?.(at) ?? "1"}
       ON CONFLICT (tenant_id, idempotency_key) DO NOTHING`,
    )
    .bind(
      credit.tenantId,
      credit.customerId,
      credit.wallet,
      credit.amount,
      credit.source,
      credit.sourceId,
      credit.key,
      credit.expiresAt ?? null,
      credit.note ?? "",
      credit.now,
    );
}

/**
 * Lapses every credit of the customer past its time: an `expiry` entry for what was left of it (once per credit),
 * then nothing left. Put first in any batch that spends, and run before balances are shown.
 */
export function expirySteps(db: D1Database, tenantId: number, customerId: number, now: number) {
  const lapsed = "tenant_id = ?1 AND customer_id = ?2 AND remaining > 0 AND expires_at <= ?3";
  return {
    expiries: step(
      db
        .prepare(
          `INSERT INTO wallet_entries (tenant_id, customer_id, wallet, amount, source, source_id, idempotency_key, note, created_at)
           SELECT tenant_id, customer_id, wallet, -remaining, 'expiry', CAST(id AS TEXT), 'expiry:' || id, 'Expired', ?3
           FROM wallet_entries WHERE ${lapsed}
           ON CONFLICT (tenant_id, idempotency_key) DO NOTHING`,
        )
        .bind(tenantId, customerId, now),
    ),
    lapsed: step(db.prepare(`UPDATE wallet_entries SET remaining = 0 WHERE ${lapsed}`).bind(tenantId, customerId, now)),
  };
}

/** The customer's unspent, unlapsed credits in one wallet: what `spendFrom` chooses from. */
export async function openCredits(
  db: D1Database,
  tenantId: number,
  customerId: number,
  wallet: Wallet,
  now: number,
): Promise<OpenCredit[]> {
  const { results } = await db
    .prepare(
      `SELECT id, remaining, expires_at AS expiresAt FROM wallet_entries
       WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3 AND remaining > 0 AND (expires_at IS NULL OR expires_at > ?4)`,
    )
    .bind(tenantId, customerId, wallet, now)
    .all<OpenCredit>();
  return results;
}

export interface OrderPayment {
  tenantId: number;
  customerId: number;
  wallet: Wallet;
  orderPublicId: string;
  /** The credits it spends (`spendFrom`), which sum to the amount paid. */
  takes: Take[];
  now: number;
}

/**
 * An order paid (in part) from a wallet, for the placing batch: the debit and what it takes from each credit, each
 * only if the batch's order row exists (a batch whose order insert lost a race writes nothing). A credit spent
 * meanwhile by another order takes `remaining` below zero, and the balance CHECK catches the rest: either aborts the
 * batch, and the caller prices again.
 */
export function orderPaymentSteps(db: D1Database, payment: OrderPayment) {
  const amount = payment.takes.reduce((sum, t) => sum + t.take, 0);
  if (amount <= 0) return undefined;
  const orderExists = "EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?1 AND public_id = ?2)";
  return {
    debit: step(
      db
        .prepare(
          `INSERT INTO wallet_entries (tenant_id, customer_id, wallet, amount, source, source_id, idempotency_key, note, created_at)
           SELECT ?1, ?3, ?4, ?5, 'order_payment', ?2, 'order:' || ?2 || ':' || ?4, 'Paid for an order', ?6
           WHERE ${orderExists}`,
        )
        .bind(payment.tenantId, payment.orderPublicId, payment.customerId, payment.wallet, -amount, payment.now),
    ),
    creditsSpent: payment.takes.map((t) =>
      step(
        db
          .prepare(`UPDATE wallet_entries SET remaining = remaining - ?3 WHERE tenant_id = ?1 AND id = ?4 AND ${orderExists}`)
          .bind(payment.tenantId, payment.orderPublicId, t.take, t.id),
      ),
    ),
  };
}

/**
 * Gives back what an order took from the customer's wallets, as new credits that never lapse; once per order and
 * wallet, however often a cancel or refund runs. With `whenStatus`, only while the order has that status: in the
 * batch that cancels or expires it, a transition that lost a race (the order was paid or dispatched meanwhile) gives
 * nothing back.
 */
export function orderRefundStep(
  db: D1Database,
  tenantId: number,
  orderPublicId: string,
  now: number,
  whenStatus?: "cancelled" | "expired",
) {
  const guard = whenStatus ? "AND EXISTS (SELECT 1 FROM orders WHERE tenant_id = ?1 AND public_id = ?2 AND status = ?4)" : "";
  const statement = db
    .prepare(
      `INSERT INTO wallet_entries (tenant_id, customer_id, wallet, amount, source, source_id, idempotency_key, remaining, note, created_at)
       SELECT tenant_id, customer_id, wallet, -amount, 'order_refund', source_id, 'refund:' || source_id || ':' || wallet, -amount,
              'Refund of a cancelled order', ?3
       FROM wallet_entries WHERE tenant_id = ?1 AND source = 'order_payment' AND source_id = ?2 ${guard}
       ON CONFLICT (tenant_id, idempotency_key) DO NOTHING`,
    )
    .bind(tenantId, orderPublicId, now, ...(whenStatus ? [whenStatus] : []));
  return step(statement);
}

/** The customer's balances now (lapsed credits expired first), zero for a wallet never used. */
export async function walletBalances(db: D1Database, tenantId: number, customerId: number, now: number): Promise<Balances> {
  const ran = await namedBatch(db, {
    expiry: expirySteps(db, tenantId, customerId, now),
    balances: step<{ wallet: Wallet; balance: number }>(
      db.prepare("SELECT wallet, balance FROM wallet_balances WHERE tenant_id = ?1 AND customer_id = ?2").bind(tenantId, customerId),
    ),
  });
  const balances = Object.fromEntries(WALLETS.map((w) => [w, 0])) as Balances;
  for (const row of ran.balances.results) balances[row.wallet] = row.balance;
  return balances;
}

export interface WalletEntry {
  id: number;
  amount: number;
  source: string;
  source_id: string;
  note: string;
  expires_at: number | null;
  created_at: number;
}

/** One wallet's entries, newest first, a page at a time (amounts in minor units). */
export async function walletEntries(
  db: D1Database,
  tenantId: number,
  customerId: number,
  wallet: Wallet,
  paging: Paging,
): Promise<Page<WalletEntry>> {
  const ran = await namedBatch(db, {
    entries: step<WalletEntry>(
      db
        .prepare(
          `SELECT id, amount, source, source_id, note, expires_at, created_at FROM wallet_entries
           WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3 ORDER BY id DESC LIMIT ?4 OFFSET ?5`,
        )
        .bind(tenantId, customerId, wallet, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
    total: step<{ total: number }>(
      db
        .prepare("SELECT COUNT(*) AS total FROM wallet_entries WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3")
        .bind(tenantId, customerId, wallet),
    ),
  });
  return toPage(ran.entries.results, totalOf(ran.total), paging);
}
