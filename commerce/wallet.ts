/**
 * The wallet rules (decision 027). A customer has two wallets per store: cash (store credit, usable in full) and reward
 * (cashback and rewards, usable up to the store's cap per order). Amounts are minor units.
 */

export const WALLETS = ["cash", "reward"] as const;
export type Wallet = (typeof WALLETS)[number];

/** An unspent credit: what is left of it, and when it lapses (null: never). */
export interface OpenCredit {
  id: number;
  remaining: number;
  expiresAt: number | null;
}

export interface Take {
  id: number;
  take: number;
}

/**
 * Which credits pay `amount`: the soonest to lapse first, credits that never lapse last, older before newer among
 * equals. Null when the credits do not cover it.
 */
export function spendFrom(credits: readonly OpenCredit[], amount: number): Take[] | null {
  const order = [...credits].sort(
    (a, b) => (a.expiresAt ?? Number.POSITIVE_INFINITY) - (b.expiresAt ?? Number.POSITIVE_INFINITY) || a.id - b.id,
  );
  const takes: Take[] = [];
  let left = amount;
  for (const credit of order) {
    if (left <= 0) break;
    const take = Math.min(credit.remaining, left);
    if (take > 0) takes.push({ id: credit.id, take });
    left -= take;
  }
  return left > 0 ? null : takes;
}

export interface WalletSplitInput {
  /** What the order costs. */
  total: number;
  cashBalance: number;
  rewardBalance: number;
  /** The store's most reward usable on one order (null: no cap). */
  rewardCap: number | null;
  useCash: boolean;
  useReward: boolean;
  /** The smallest rest that can be paid (restMinimum of the currency); a smaller one, above zero, is not left. */
  minimumRest?: number;
}

export interface WalletSplit {
  reward: number;
  cash: number;
  /** What is left to pay by card or cash on delivery. */
  rest: number;
  /** Wallet credit left unused so that the rest is not below the minimum (0 when none was). */
  heldBack: number;
}

/**
 * The smallest rest, in minor units, an order may leave after its wallets: Razorpay refuses orders under 100 subunits
 * (₹1.00 for INR), and a few paise are no sensible cash payment either, so the rule holds whatever the way to pay.
 */
export function restMinimum(_currencyCode: string): number {
  return 100;
}

/**
 * How an order's total is paid: reward first (it is capped and may lapse), then cash, then the rest. A rest between
 * zero and the minimum cannot be paid (a ₹50 order with ₹49.85 of rewards would leave ₹0.15), so the wallets pay a
 * little less and the rest is the minimum: cash is held back first (it stays usable in full), then reward. An order
 * smaller than the minimum that the wallets cannot cover keeps its whole total as the rest.
 */
export function splitPayment(input: WalletSplitInput): WalletSplit {
  const total = Math.max(0, input.total);
  const rewardUsable = input.useReward ? Math.min(input.rewardBalance, input.rewardCap ?? Number.POSITIVE_INFINITY, total) : 0;
  const reward = Math.max(0, rewardUsable);
  const cash = input.useCash ? Math.max(0, Math.min(input.cashBalance, total - reward)) : 0;
  const rest = total - reward - cash;
  const minimum = input.minimumRest ?? 0;
  if (rest === 0 || rest >= minimum) return { reward, cash, rest, heldBack: 0 };
  const short = Math.min(minimum, total) - rest;
  const lessCash = Math.min(cash, short);
  return { reward: reward - (short - lessCash), cash: cash - lessCash, rest: rest + short, heldBack: short };
}
