import { type Message, message } from "./i18n/message";
import { CUSTOMER_CANCELLABLE, canTransitionOrder, type OrderStatus, type PaymentStatus } from "./order-status";

/**
 * What a customer or the store may do to an order now, and what it does to the payment: the rules the cancel call,
 * the admin API and the order pages share (transitions themselves go through worker/orders/order-transitions.ts).
 */

export const CANCEL_AFTER_DISPATCH = message("errors.cancel_after_dispatch");
export const CANCEL_WINDOW_PASSED = message("errors.cancel_window_passed");
export const CANCEL_FINISHED = message("errors.cancel_finished");

/** Why the customer may not cancel now, or null when they may. */
export function customerCancelRefusal(status: OrderStatus, cancelUntil: number, now: number): Message | null {
  if (CUSTOMER_CANCELLABLE.includes(status)) return now < cancelUntil ? null : CANCEL_WINDOW_PASSED;
  // Packed or on its way: the goods have left the shelf. Delivered, cancelled or expired: nothing left to cancel.
  return status === "packed" || status === "out_for_delivery" ? CANCEL_AFTER_DISPATCH : CANCEL_FINISHED;
}

/**
 * Where the money goes when an order is cancelled: nothing was taken (void), or it was and must go back
 * (refund_pending, which the refund call takes on). Null: the payment status stays as it is (already void or refunded).
 * An order its wallets paid in full (`walletOnly`) is refunded by the cancel itself: its wallet part comes back in the
 * same batch, and no gateway holds any of it.
 */
export function paymentOnCancel(payment: PaymentStatus, walletOnly = false): PaymentStatus | null {
  if (walletOnly && payment === "paid") return "refunded";
  switch (payment) {
    case "cod_pending":
    case "awaiting":
    case "failed":
      return "void";
    case "paid":
    case "cod_collected":
      return "refund_pending";
    default:
      return null;
  }
}

/** The statuses the store may transition an order to: its fulfilment steps (FULFILMENT_STEPS), or cancelled. */
export const STORE_TARGETS = [
  "confirmed",
  "packed",
  "out_for_delivery",
  "delivered",
  "cancelled",
] as const satisfies readonly OrderStatus[];
export type StoreTarget = (typeof STORE_TARGETS)[number];

/**
 * Why the store may not transition an order from `from` to `to`, or null when it may (the table in order-status.ts;
 * steps may be skipped forward, never taken back).
 */
export function storeTransitionRefusal(from: OrderStatus, to: OrderStatus): Message | null {
  if (from === to) return message("errors.order_already_in_status", { status: to });
  if (canTransitionOrder(from, to)) return null;
  return message("errors.order_transition_refused", { from, to });
}

/**
 * The moves the desk offers for an order now, in the order goods move, cancelled last: the store's targets the table
 * allows, but not out for delivery for an order the customer collects (its timeline has no such step). The domain
 * still decides: a form naming any target is taken, or refused, as the API's call would be.
 */
export function storeMoves(status: OrderStatus, fulfillment: "delivery" | "pickup"): StoreTarget[] {
  return STORE_TARGETS.filter(
    (to) => storeTransitionRefusal(status, to) === null && !(to === "out_for_delivery" && fulfillment === "pickup"),
  );
}

/** The payment status that goes with the store's transition, if it changes: cash is collected on delivery. */
export function paymentOnStoreTransition(to: OrderStatus, payment: PaymentStatus): PaymentStatus | null {
  return to === "delivered" && payment === "cod_pending" ? "cod_collected" : null;
}
