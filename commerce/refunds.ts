/**
 * How a card payment's refund stands (decision 036). Razorpay can fail a refund ("we are not able to process a
 * refund", refund.failed); the cron asks again under a new idempotency key, at most REFUND_ATTEMPTS times in all, after
 * which the store owner refunds by hand.
 */

export const REFUND_ATTEMPTS = 5;

export type RefundStatus = "pending" | "processed" | "retrying" | "failed";

/** A refund as the order answers show it, from the payment's last refund status and the number asked. */
export function refundState(status: "pending" | "processed" | "failed", attempts: number): { status: RefundStatus; attempts: number } {
  if (status !== "failed") return { status, attempts };
  return { status: attempts >= REFUND_ATTEMPTS ? "failed" : "retrying", attempts };
}

/** What the shopper reads of a refund not yet processed (a processed one reads as the payment's "Refunded"). */
export const REFUND_TEXT: Record<Exclude<RefundStatus, "processed">, string> = {
  pending: "Refund requested",
  retrying: "The refund did not go through; we are asking Razorpay again",
  failed: "The refund could not be made automatically; the store will refund you directly",
};
