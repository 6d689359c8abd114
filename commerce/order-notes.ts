import type { Translate } from "./i18n/catalogue";

/**
 * The notes the platform itself writes into an order's history (and, for a cancel, as the order's `cancel_reason`).
 * They are stored in English, as they always were: the record the store's owner reads, and rows written before the
 * notes were translated need no migration. The API says them in the reader's language when it answers; a note the
 * store's owner or the customer typed (a cancel reason) is their own words and is answered as written.
 */
export const ORDER_NOTES = {
  cancelled_by_customer: "Cancelled by the customer",
  cancelled_by_store: "Cancelled by the store",
  payment_received: "Payment received",
  payment_failed: "Payment failed",
  refunded: "Refunded",
  paid_after_close: "Payment received after the order closed",
  refunding_after_close: "Refunding a payment for a closed order",
  not_paid_in_time: "Not paid in time",
} as const;

export type OrderNote = (typeof ORDER_NOTES)[keyof typeof ORDER_NOTES];

/** Each stored note's words, by its stored English (a literal map: the browser build's scan reads its ids, decision 081). */
const NOTE_MESSAGES = {
  "Cancelled by the customer": "orders.note_cancelled_by_customer",
  "Cancelled by the store": "orders.note_cancelled_by_store",
  "Payment received": "orders.note_payment_received",
  "Payment failed": "orders.payment_failed",
  Refunded: "orders.payment_refunded",
  "Payment received after the order closed": "orders.note_paid_after_close",
  "Refunding a payment for a closed order": "orders.note_refunding_after_close",
  "Not paid in time": "orders.note_not_paid_in_time",
} as const satisfies Record<OrderNote, string>;

/** A history note (or cancel reason) as a reader reads it: the platform's own in their language, anyone else's as written. */
export function orderNoteText(t: Translate, note: string): string {
  return Object.hasOwn(NOTE_MESSAGES, note) ? t(NOTE_MESSAGES[note as OrderNote]) : note;
}
