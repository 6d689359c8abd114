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
  receipt?: string | null;
  status?: "created" | "attempted" | "paid";
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
  /** Razorpay's own account of one payment (GET /v1/payments/:id): what a signed checkout result is checked against. */
  payment(paymentId: string): Promise<GatewayPayment>;
  /** Captures an authorized payment for exactly this amount (POST /v1/payments/:id/capture); the captured payment. */
  capture(paymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
  /** The gateway orders made with this receipt (GET /v1/orders?receipt=…): finds one whose creation reply was lost. */
  ordersByReceipt(receipt: string): Promise<GatewayOrder[]>;
  /** A full refund; the same idempotency key never refunds twice. */
  refund(paymentId: string, idempotencyKey: string, notes: Record<string, string>): Promise<GatewayRefund>;
}

/**
 * The gateway did not answer, or answered an error: the caller says "try again", the cron tries later. `status` and
 * `description` are Razorpay's when it answered (a 4xx is a refusal of the request, not an outage).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly description: string | null = null,
  ) {
    super(message);
    this.name = "GatewayError";
  }

  /** Razorpay answered and refused the request (bad input, a minimum amount): retrying the same request cannot help. */
  get refused(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}
