/**
 * The one payment gateway interface the order flow talks to. Two transports: Razorpay over HTTPS with the store's
 * keys (razorpay-transport.ts), and the developer test gateway (test-gateway.ts) used only with DEV_TOOLS=1 for a
 * store without keys. Both sign the checkout result the same way (hex HMAC-SHA256 of `order_id|payment_id` with the
 * key secret) and post it to the same callback route.
 */

export type GatewayKind = "razorpay" | "test";

/** A gateway order (Razorpay's Orders API answer, the fields we read). */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

/** A payment of a gateway order (GET /v1/orders/:id/payments items, the fields we read). */
export interface GatewayPayment {
  id: string;
  order_id: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  amount: number;
  currency: string;
}

export interface GatewayRefund {
  id: string;
  status: "pending" | "processed" | "failed";
}

export interface NewGatewayOrder {
  /** Currency subunits. */
  amount: number;
  currency: string;
  /** Our order number (≤ 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentGateway {
  kind: GatewayKind;
  /** Public: the browser's checkout opens with it. */
  keyId: string;
  /** Signs the checkout result (`order_id|payment_id`). */
  keySecret: string;
  /** Signs webhook bodies; null when the transport sends none (the test gateway). */
  webhookSecret: string | null;
  /** Where the no-JavaScript checkout form posts. */
  checkoutUrl: string;
  createOrder(order: NewGatewayOrder): Promise<GatewayOrder>;
  orderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** A full refund; the same idempotency key never refunds twice. */
  refund(paymentId: string, idempotencyKey: string, notes: Record<string, string>): Promise<GatewayRefund>;
}

/** The gateway did not answer, or answered an error: the caller says "try again", the cron tries later. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayError";
  }
}
