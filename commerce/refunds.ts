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
