/**
 * An order's two states and their transitions, the only ways they change (migrations/0011_orders.sql, decision 024).
 * The order's status says where the goods are; the payment status says where the money is; the history records every
 * change of either. Both only go forward: each allowed step is listed here, and every writer asks this module (and
 * repeats the `from` state in its UPDATE's WHERE, so a concurrent change makes the write a no-op instead of a step
 * back).
 */

import type { Translate } from "./i18n/catalogue";
import type { MessageId } from "./i18n/compiled/message-ids";

/**
 * Each status's message: the pages and the API's `status_text` say a status in the reader's language (the English is
 * the spec's words).
 */
export const ORDER_STATUS_MESSAGE = {
  pending_payment: "orders.status_pending_payment",
  placed: "orders.status_placed",
  confirmed: "orders.status_confirmed",
  packed: "orders.status_packed",
  out_for_delivery: "orders.status_out_for_delivery",
  delivered: "orders.status_delivered",
  cancelled: "orders.status_cancelled",
  payment_failed: "orders.status_payment_failed",
  expired: "orders.status_expired",
} as const satisfies Record<string, MessageId>;

export type OrderStatus = keyof typeof ORDER_STATUS_MESSAGE;
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_MESSAGE) as [OrderStatus, ...OrderStatus[]];

/** Each payment status's message, as ORDER_STATUS_MESSAGE (the API's `payment_status_text`). */
export const PAYMENT_STATUS_MESSAGE = {
  awaiting: "orders.payment_awaiting",
  paid: "orders.payment_paid",
  failed: "orders.payment_failed",
  cod_pending: "orders.payment_cod_pending",
  cod_collected: "orders.payment_cod_collected",
  refund_pending: "orders.payment_refund_pending",
  refunded: "orders.payment_refunded",
  void: "orders.payment_void",
} as const satisfies Record<string, MessageId>;

export type PaymentStatus = keyof typeof PAYMENT_STATUS_MESSAGE;
export const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS_MESSAGE) as [PaymentStatus, ...PaymentStatus[]];

/** A status as the API answers it (`status_text`), in the caller's language. */
export function orderStatusText(t: Translate, status: OrderStatus): string {
  return t(ORDER_STATUS_MESSAGE[status]);
}

/** A payment status as the API answers it (`payment_status_text`), in the caller's language. */
export function paymentStatusText(t: Translate, status: PaymentStatus): string {
  return t(PAYMENT_STATUS_MESSAGE[status]);
}

/**
 * Each status and the statuses it may transition to. A failed payment may still be retried (the same order, a new
 * attempt) and then paid; a paid order waiting on a late webhook never goes back to pending. Nothing leaves delivered,
 * cancelled or expired.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ["placed", "payment_failed", "cancelled", "expired"],
  payment_failed: ["placed", "cancelled", "expired"],
  placed: ["confirmed", "packed", "out_for_delivery", "delivered", "cancelled"],
  confirmed: ["packed", "out_for_delivery", "delivered", "cancelled"],
  packed: ["out_for_delivery", "delivered", "cancelled"],
  out_for_delivery: ["delivered"],
  delivered: [],
  cancelled: [],
  expired: [],
};

/**
 * Payment statuses and where they may go. A payment that arrives for an expired or cancelled order still goes to
 * paid (the money is real, even when the order's payment was already void) and is then refunded; refund_pending only
 * goes to refunded.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  awaiting: ["paid", "failed", "void"],
  failed: ["paid", "void"],
  paid: ["refund_pending", "refunded"],
  cod_pending: ["cod_collected", "void"],
  cod_collected: ["refund_pending", "refunded"],
  refund_pending: ["refunded"],
  refunded: [],
  void: ["paid"],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function canTransitionPayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** The statuses an order in `to` may have come from: the `WHERE status IN (…)` of a forward-only UPDATE. */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransitionOrder(from, to));
}

export function paymentStatusesBefore(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => canTransitionPayment(from, to));
}

/** The statuses a customer may cancel from (within the store's cancel window). */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ["pending_payment", "payment_failed", "placed", "confirmed"];

/** The store's steps, in the order goods move: what the admin API offers as an order's next status. */
export const FULFILMENT_STEPS: readonly OrderStatus[] = ["confirmed", "packed", "out_for_delivery", "delivered"];

/**
 * The desk's orders board, one column each (decision 086): the orders the store has taken on and not yet handed over.
 * An online order reaches `placed` only once it is paid (until then it is pending_payment), a cash order at once.
 */
export const BOARD_COLUMNS = ["placed", "confirmed", "packed", "out_for_delivery"] as const satisfies readonly OrderStatus[];

/** The statuses that count as a real order (pricing's "first order only", the store's list by default). */
export const LIVE_STATUSES: readonly OrderStatus[] = ["placed", "confirmed", "packed", "out_for_delivery", "delivered"];

/** The timeline a tracking page draws: the steps an order goes through when all goes well. */
export function trackingSteps(fulfillment: "delivery" | "pickup"): OrderStatus[] {
  return fulfillment === "pickup"
    ? ["placed", "confirmed", "packed", "delivered"]
    : ["placed", "confirmed", "packed", "out_for_delivery", "delivered"];
}
