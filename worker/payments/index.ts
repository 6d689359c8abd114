/**
 * The face of `payments/`: the gateways behind one interface, their secrets, gateway orders, payable orders and
 * refunds. Code outside this folder imports from here only (decision 067); the files inside import each other directly.
 */

export type { CheckoutOptions } from "./checkout-options";
export { checkoutOptions } from "./checkout-options";
export type { GatewayKind, GatewayPayment, PaymentGateway } from "./gateway";
export { GatewayError } from "./gateway";
export { claimBesideRead, ensureGatewayOrder, GatewayOrderBusy, releaseClaim } from "./gateway-orders";
export { hmacHex, verifyHmacHex } from "./hmac";
export type { PayAnswer } from "./pay-answer";
export { payAnswer } from "./pay-answer";
export type { PayableOrder } from "./payable-order";
export { orderOfGatewayOrder, orderOfPayment, payableOrder, payableOrderById } from "./payable-order";
export { DEFAULT_RAZORPAY_API_URL, DEFAULT_RAZORPAY_CHECKOUT_JS } from "./razorpay-transport";
export { issueRefund, refundPayment } from "./refunds";
export type { SecretName } from "./secrets";
export { sealSecret } from "./secrets";
export { gatewayOfKind, onlinePaymentAvailable, storeGateway } from "./store-gateway";
export { newTestPaymentId, TEST_GATEWAY_SECRET } from "./test-gateway";
