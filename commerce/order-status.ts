/** An order's states (migrations/0006_orders.sql), and the words a shopper reads for each. */
export const ORDER_STATUS_TEXT = {
  pending_payment: "Waiting for payment",
  placed: "Placed",
  confirmed: "Confirmed",
  packed: "Packed",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
  payment_failed: "Payment failed",
  expired: "Expired",
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_TEXT;
