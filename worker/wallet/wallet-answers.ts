import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import { priceCart } from "../../commerce/pricing";
import type { Wallet } from "../../commerce/wallet";
import { walletEntryText } from "../../commerce/wallet-entry-text";
import type { CartScope } from "../cart/cart-store";
import { loadCartPricing } from "../cart/pricing-input";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { customerOwner } from "../shopper/owner";
import type { Tenant } from "../tenancy/tenant";
import { walletBalances, walletEntries } from "./ledger";

/** GET /api/check-wallet: what the customer's wallets can pay of the cart as priced now. Major units. */
export interface CheckWalletAnswer {
  /** The cash wallet: usable in full. */
  wallet_balance: number;
  reward_balance: number;
  /** The store's most reward usable on one order; null: no cap. */
  reward_max_per_order: number | null;
  /** What the reward wallet can pay of this cart: its balance, within the cap and the cart's total. */
  reward_usable: number;
  cart_total: number;
}

/** One entry of a wallet's history. Major units, signed (a payment or a lapse is negative). */
export interface WalletEntryAnswer {
  id: number;
  amount: number;
  /** The ledger's source: order_payment, order_refund, order_reward, scratch_card, referral_referee, referral_referrer, expiry. */
  source: string;
  /** What it was, for people, in the caller's language ("Paid for order SRK-12"); pages word it in theirs from `source`. */
  text: string;
  /** The order it was for (its public id), while it is the customer's order; else null. */
  order_id: string | null;
  /** That order's number ("SRK-12"), while it is the customer's order; else null. */
  order_number: string | null;
  /** A credit that lapses: when (ISO 8601); null otherwise. */
  expires_at: string | null;
  /** ISO 8601. */
  created_at: string;
}

/** The store's reward rules, for "how to earn". */
export interface RewardRules {
  /** Percent of a delivered order's total earned as reward; 0: none. */
  reward_percent: number;
  reward_max_per_order: number | null;
  /** Days an earned reward lasts; null: it never lapses. */
  reward_expiry_days: number | null;
}

/** GET /api/user/wallet-history. */
export interface WalletHistoryAnswer {
  wallet: Wallet;
  balance: number;
  entries: Page<WalletEntryAnswer>;
  rules: RewardRules;
}

export async function checkWallet(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  scope: CartScope,
  customerId: number,
  now: number = Date.now(),
): Promise<CheckWalletAnswer> {
  const rules = tenant.settings.rewards;
  const [balances, context] = await Promise.all([
    walletBalances(db, tenant.id, customerId, now),
    loadCartPricing(db, scope, tenant.settings, now),
  ]);
  // The cart's own pricing, as place-order prices it (the messages' words are not needed here).
  const total = priceCart(context.input, () => "").total;
  const major = (minor: number) => toMajor(minor, tenant.settings.currency.decimalPlaces);
  return {
    wallet_balance: major(balances.cash),
    reward_balance: major(balances.reward),
    reward_max_per_order: rules.maxPerOrder === null ? null : major(rules.maxPerOrder),
    reward_usable: major(Math.min(balances.reward, rules.maxPerOrder ?? Number.POSITIVE_INFINITY, total)),
    cart_total: major(total),
  };
}

/** One wallet's balance and a page of its entries, each entry's `text` in `t`'s language (the caller's). */
export async function walletHistory(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  customerId: number,
  wallet: Wallet,
  paging: Paging,
  t: Translate,
  now: number = Date.now(),
): Promise<WalletHistoryAnswer> {
  const rules = tenant.settings.rewards;
  const balances = await walletBalances(db, tenant.id, customerId, now);
  const page = await walletEntries(db, tenant.id, customerId, wallet, paging);
  const orderIds = [...new Set(page.data.filter((e) => e.source.startsWith("order_")).map((e) => e.source_id))];
  // The orders' numbers, only among the customer's own orders.
  const { results: orders } = await db
    .prepare("SELECT public_id, number FROM orders WHERE tenant_id = ?1 AND owner = ?2 AND public_id IN (SELECT value FROM json_each(?3))")
    .bind(tenant.id, customerOwner(customerId), JSON.stringify(orderIds))
    .all<{ public_id: string; number: string }>();
  const numbers = new Map(orders.map((o) => [o.public_id, o.number]));
  const major = (minor: number) => toMajor(minor, tenant.settings.currency.decimalPlaces);
  const entries = page.data.map(
    (e): WalletEntryAnswer => ({
      id: e.id,
      amount: major(e.amount),
      source: e.source,
      text: walletEntryText(t, e.source, numbers.get(e.source_id) ?? null),
      order_id: numbers.has(e.source_id) ? e.source_id : null,
      order_number: numbers.get(e.source_id) ?? null,
      expires_at: e.expires_at === null ? null : new Date(e.expires_at).toISOString(),
      created_at: new Date(e.created_at).toISOString(),
    }),
  );
  return {
    wallet,
    balance: major(balances[wallet]),
    entries: toPage(entries, page.total, paging),
    rules: {
      reward_percent: rules.percent,
      reward_max_per_order: rules.maxPerOrder === null ? null : major(rules.maxPerOrder),
      reward_expiry_days: rules.expiryDays,
    },
  };
}
