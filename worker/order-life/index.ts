/**
 * The face of `order-life/`: an order's life, a floor above `orders/` and `payments/` (decision 050): the changes a
 * request, a payment or the cron makes, and everything they cause. Code outside this folder imports from here only
 * (decision 067); the files inside import each other directly.
 */
export type { ReadsWithTransition } from "./apply-payment";
export type { CheckoutOutcome } from "./checkout-result";
export { applyCheckoutFailure, applyCheckoutSuccess } from "./checkout-result";
export { cancelForCustomer, placeCustomerOrder, transitionForStore } from "./order-actions";
export type { EffectsContext } from "./order-events";
export { effectsAwaited, onDelivered, orderTransitioned } from "./order-events";
export { reconcileAll } from "./reconcile";
export { receiveWebhook } from "./webhook";
