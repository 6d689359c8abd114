import type { GatewayOrder, GatewayPayment, GatewayRefund, NewGatewayOrder, PaymentGateway } from "./gateway";
import { GatewayError } from "./gateway";

export const DEFAULT_RAZORPAY_API_URL = "https://api.razorpay.com";
export const DEFAULT_RAZORPAY_CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";

/** Razorpay's answers can take a while; a webhook or the cron finishes what a slow call leaves. */
const TIMEOUT_MS = 10_000;

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Razorpay's error answer is `{ error: { code, description, … } }`; its description, when there is one. */
function errorDescription(text: string): string | null {
  try {
    const description = (JSON.parse(text) as { error?: { description?: unknown } }).error?.description;
    return typeof description === "string" ? description : null;
  } catch {
    return null;
  }
}

/** Razorpay's REST API with Basic auth (key id : key secret), no SDK: fetch and JSON. */
export function razorpayGateway(apiUrl: string | undefined, keys: RazorpayKeys): PaymentGateway {
  const base = (apiUrl || DEFAULT_RAZORPAY_API_URL).replace(/\/$/, "");
  const authorization = `Basic ${btoa(`${keys.keyId}:${keys.keySecret}`)}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/v1${path}`, {
        method,
        headers: { Authorization: authorization, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`Razorpay ${method} ${path}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      const description = errorDescription(text);
      throw new GatewayError(`Razorpay ${method} ${path}: ${response.status} ${text.slice(0, 300)}`, response.status, description);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`Razorpay ${method} ${path}: the answer is not JSON`);
    }
  }

  return {
    kind: "razorpay",
    keyId: keys.keyId,
    keySecret: keys.keySecret,
    webhookSecret: keys.webhookSecret,
    checkoutUrl: `${base}/v1/checkout/embedded`,
    createOrder: (order: NewGatewayOrder) => call<GatewayOrder>("POST", "/orders", order),
    async orderPayments(gatewayOrderId: string) {
      const answer = await call<{ items: GatewayPayment[] }>("GET", `/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
      return answer.items ?? [];
    },
    payment: (paymentId: string) => call<GatewayPayment>("GET", `/payments/${encodeURIComponent(paymentId)}`),
    capture: (paymentId: string, amount: number, currency: string) =>
      call<GatewayPayment>("POST", `/payments/${encodeURIComponent(paymentId)}/capture`, { amount, currency }),
    async ordersByReceipt(receipt: string) {
      const answer = await call<{ items: GatewayOrder[] }>("GET", `/orders?receipt=${encodeURIComponent(receipt)}`);
      return answer.items ?? [];
    },
    refund: (paymentId: string, idempotencyKey: string, notes: Record<string, string>) =>
      call<GatewayRefund>(
        "POST",
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        { speed: "normal", notes },
        {
          "X-Refund-Idempotency": idempotencyKey,
        },
      ),
  };
}
