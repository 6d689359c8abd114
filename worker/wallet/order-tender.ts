import { type OpenCredit, spendFrom, splitPayment, type Take, type WalletSplit } from "../../commerce/wallet";
import { expirySteps, openCredits, orderPaymentSteps } from "./ledger";

/**
 * How much of an order the customer's wallets pay, read at placing time (never the client's figures): the split of
 * commerce/wallet.ts over the credits open now, and the credits each wallet's part takes (soonest to lapse first).
 */
export interface OrderTender {
  split: WalletSplit;
  takes: { cash: Take[]; reward: Take[] };
}

export interface TenderChoice {
  useCash: boolean;
  useReward: boolean;
}

const sum = (credits: readonly OpenCredit[]) => credits.reduce((total, c) => total + c.remaining, 0);

export async function orderTender(
  db: D1Database,
  tenantId: number,
  customerId: number,
  total: number,
  choice: TenderChoice,
  rewardCap: number | null,
  now: number,
  /** The smallest rest the order may leave (commerce/wallet.ts restMinimum). */
  minimumRest = 0,
): Promise<OrderTender> {
  const [cash, reward] = await Promise.all([
    choice.useCash ? openCredits(db, tenantId, customerId, "cash", now) : [],
    choice.useReward ? openCredits(db, tenantId, customerId, "reward", now) : [],
  ]);
  const split = splitPayment({ total, cashBalance: sum(cash), rewardBalance: sum(reward), rewardCap, minimumRest, ...choice });
  // The split never exceeds what the credits hold, so both spends are found.
  return { split, takes: { cash: spendFrom(cash, split.cash) ?? [], reward: spendFrom(reward, split.reward) ?? [] } };
}

/** Whether the tender uses a wallet at all. */
export function usesWallet(tender: OrderTender): boolean {
  return tender.split.cash + tender.split.reward > 0;
}

/**
 * The placing batch's wallet statements: lapsed credits expired first (`before`: they go before everything else),
 * then each wallet's debit (`after`), written only if the order was (orderPaymentSteps ties each to the order's row).
 * An order paid from no wallet has neither.
 */
export function tenderSteps(
  db: D1Database,
  tender: OrderTender,
  payment: { tenantId: number; customerId: number; orderPublicId: string; now: number },
) {
  if (!usesWallet(tender)) return { before: undefined, after: undefined };
  return {
    before: expirySteps(db, payment.tenantId, payment.customerId, payment.now),
    after: {
      reward: orderPaymentSteps(db, { ...payment, wallet: "reward", takes: tender.takes.reward }),
      cash: orderPaymentSteps(db, { ...payment, wallet: "cash", takes: tender.takes.cash }),
    },
  };
}

/** A batch aborted by a wallet CHECK: a credit's remaining or a balance would go below zero (a concurrent spend). */
export const WALLET_OVERDRAFT = /CHECK constraint failed: (remaining|balance)/;
