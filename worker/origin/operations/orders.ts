import type * as z from "zod/mini";
import { placeOrderInput } from "../../../commerce/place-order-input";
import { cancelBody, cancelOrderOf, orderToTrackOf, rateBody, rateOrderItemOf, trackQuery } from "../../api/order-actions";
import { checkoutOptionsOf, orderOf, orderQuery, ordersOf, ordersQuery, placeOrderOf, reorderBody, reorderOf } from "../../api/orders";
import type { OriginContext } from "../../api/origin-context";
import { payBody, payStepOf, processPaymentBody, processPaymentOf } from "../../api/razorpay";
import { parseInput } from "../../api/validate";
import { checkWalletOf, walletHistoryOf, walletHistoryQuery } from "../../api/wallet";
import type { RequestReads } from "./read-once";

/** Orders and their payments a page calls (decision 066): checkout, placing, paying, an order's life. */
export function orderOperations(o: OriginContext, reads: RequestReads) {
  return {
    /** GET /api/checkout-options */
    checkoutOptions: () => reads.read("checkout-options", [], () => checkoutOptionsOf(o)),
    /** GET /api/check-wallet */
    checkWallet: () => reads.read("check-wallet", [], () => checkWalletOf(o)),
    /** POST /api/place-order (the Idempotency-Key header is the input's `idempotency_key`) */
    placeOrder: (input: z.input<typeof placeOrderInput>) => reads.change(() => placeOrderOf(o, parseInput(placeOrderInput, input))),
    /** GET /api/get-all-orders */
    allOrders: (input: z.input<typeof ordersQuery>) =>
      reads.read("get-all-orders", [input], () => ordersOf(o, parseInput(ordersQuery, input))),
    /** GET /api/get-single-order */
    singleOrder: (input: z.input<typeof orderQuery>) =>
      reads.read("get-single-order", [input], () => orderOf(o, parseInput(orderQuery, input))),
    /** GET /api/get-single-order-to-track */
    singleOrderToTrack: (input: z.input<typeof trackQuery>) =>
      reads.read("get-single-order-to-track", [input], () => orderToTrackOf(o, parseInput(trackQuery, input))),
    /** POST /api/reorder */
    reorder: (input: z.input<typeof reorderBody>) => reads.change(() => reorderOf(o, parseInput(reorderBody, input))),
    /** POST /api/cancel-order */
    cancelOrder: (input: z.input<typeof cancelBody>) => reads.change(() => cancelOrderOf(o, parseInput(cancelBody, input))),
    /** POST /api/rate-order-item */
    rateOrderItem: (input: z.input<typeof rateBody>) => reads.change(() => rateOrderItemOf(o, parseInput(rateBody, input))),
    /** POST /api/razorpay/pay */
    razorpayPay: (input: z.input<typeof payBody>) => reads.change(() => payStepOf(o, parseInput(payBody, input))),
    /** POST /api/razorpay/process-payment */
    razorpayProcessPayment: (input: z.input<typeof processPaymentBody>) =>
      reads.change(() => processPaymentOf(o, parseInput(processPaymentBody, input))),
    /** GET /api/user/wallet-history */
    walletHistory: (input: z.input<typeof walletHistoryQuery>) =>
      reads.read("user/wallet-history", [input], () => walletHistoryOf(o, parseInput(walletHistoryQuery, input))),
  };
}
