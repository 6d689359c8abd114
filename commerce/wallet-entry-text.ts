import type { Translate } from "./i18n/catalogue";

/**
 * What a wallet entry was, in the words a shopper reads on /account/wallet and /account/rewards (its source in the
 * ledger, decision 027): an order's entries name the order's number when it is known.
 */
const ORDER_ENTRIES = {
  order_payment: { numbered: "wallet.entry_order_payment_number", plain: "wallet.entry_order_payment" },
  order_refund: { numbered: "wallet.entry_order_refund_number", plain: "wallet.entry_order_refund" },
  order_reward: { numbered: "wallet.entry_order_reward_number", plain: "wallet.entry_order_reward" },
} as const;

const OTHER_ENTRIES = {
  scratch_card: "wallet.entry_scratch_card",
  referral_referee: "wallet.entry_referral_referee",
  referral_referrer: "wallet.entry_referral_referrer",
  expiry: "wallet.entry_expiry",
} as const;

export function walletEntryText(t: Translate, source: string, orderNumber: string | null): string {
  if (Object.hasOwn(ORDER_ENTRIES, source)) {
    const entry = ORDER_ENTRIES[source as keyof typeof ORDER_ENTRIES];
    return orderNumber ? t(entry.numbered, { number: orderNumber }) : t(entry.plain);
  }
  if (Object.hasOwn(OTHER_ENTRIES, source)) return t(OTHER_ENTRIES[source as keyof typeof OTHER_ENTRIES]);
  return t("wallet.entry_other");
}
