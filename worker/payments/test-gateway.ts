import { GatewayError, type PaymentGateway } from "./gateway";

/**
 * The developer test gateway: a store without Razorpay keys, with DEV_TOOLS=1 only, takes "payments" on
 * /dev/test-gateway (worker/dev/test-gateway-page.ts), which signs its result with this secret exactly as Razorpay
 * signs with a key secret and posts it to the same callback route. It holds no state: its orders are ids, it reports
 * no payments to the reconcile job, and a refund is processed at once.
 */
export const TEST_GATEWAY_KEY_ID = "rzp_test_devgateway";
export const TEST_GATEWAY_SECRET = "dev-test-gateway-secret-not-for-money";
export const TEST_GATEWAY_PATH = "/dev/test-gateway";

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `${prefix}${[...bytes]
    .map((b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 14)}`;
}

export const testGateway: PaymentGateway = {
  kind: "test",
  keyId: TEST_GATEWAY_KEY_ID,
  keySecret: TEST_GATEWAY_SECRET,
  webhookSecret: null,
  checkoutUrl: TEST_GATEWAY_PATH,
  createOrder: async (order) => ({ id: randomId("order_test"), amount: order.amount, currency: order.currency }),
  orderPayments: async () => [],
  // No API and no money: a signed result is taken at its word (checkout-result.ts), so these are never asked.
  payment: async () => {
    throw new GatewayError("The test gateway keeps no payments.");
  },
  capture: async () => {
    throw new GatewayError("The test gateway keeps no payments.");
  },
  ordersByReceipt: async () => [],
  refund: async () => ({ id: randomId("rfnd_test"), status: "processed" }),
};

export function newTestPaymentId(): string {
  return randomId("pay_test");
}
