/**
 * What a wallet entry was, in the words a shopper reads on /account/wallet and /account/rewards (its source in the
 * ledger, decision 027). An order's entries add the order's number after these words.
 */
export const WALLET_ENTRY_TEXT: Readonly<Record<string, string>> = {
  order_payment: "Paid for order",
  order_refund: "Refund for order",
  order_reward: "Reward for order",
  scratch_card: "Scratch card",
  referral_referee: "Welcome reward for joining with a friend's code",
  referral_referrer: "Reward for referring a friend",
  expiry: "Expired",
};

export function walletEntryText(source: string, orderNumber: string | null): string {
  const text = WALLET_ENTRY_TEXT[source] ?? "Wallet change";
  return orderNumber ? `${text} ${orderNumber}` : text;
}
