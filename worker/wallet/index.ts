/**
 * The face of `wallet/`: the ledger, an order's tender and reward, and the wallet's answers. Code outside this folder
 * imports from here only (decision 067); the files inside import each other directly.
 */
export { creditStatement, expirySteps, openCredits, orderPaymentSteps, orderRefundStep, walletBalances, walletEntries } from "./ledger";
export { creditOrderReward } from "./order-reward";
export type { OrderTender } from "./order-tender";
export { orderTender, tenderSteps, WALLET_OVERDRAFT } from "./order-tender";
export type { CheckWalletAnswer, RewardRules, WalletEntryAnswer, WalletHistoryAnswer } from "./wallet-answers";
export { checkWallet, walletHistory } from "./wallet-answers";
