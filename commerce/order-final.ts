import type { OrderStatus, PaymentStatus } from "./order-status";

/**
 * Whether no transition will change an order again: delivered, expired, or cancelled with no refund under way. Its live
 * updates stop there (decision 051).
 */
export function isFinalOrder(status: OrderStatus, payment: PaymentStatus | null): boolean {
  if (status === "delivered" || status === "expired") return true;
  return status === "cancelled" && payment !== "refund_pending";
}
