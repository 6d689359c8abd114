/**
 * The face of `orders/`: an order's rows and their statements (placing, reading, listing, cancelling, status changes,
 * ratings, reorder, the live events' rows). Code outside this folder imports from here only (decision 067); the
 * files inside import each other directly.
 */

export type { CancelAnswer, CancellableOrder, CancelOutcome } from "./cancel-order";
export { cancelOrder } from "./cancel-order";
export type { LiveEventRow, Watch } from "./live-events";
export { eventsAfter, latestEvent, latestEventFrom, latestEventStep, newestEventId, ownerMessage, shopperMessage } from "./live-events";
export type { LiveMessage, ShopperOrderMessage } from "./live-messages";
export { CLOSE_FINAL, LIVE_REPLAY_LIMIT } from "./live-messages";
export { liveOrdersOf, publishOrderTransition } from "./live-publish";
export type { OrderAnswer, OrderHeading, OrderHistoryEntry, OrderLineAnswer, OrderSummary, TrackingAnswer } from "./order-answer";
export { listCustomerOrders } from "./order-list";
export type { RatingAnswer } from "./order-ratings";
export { rateOrderLine, reviewAuthor } from "./order-ratings";
export type { OrderAnswerSteps } from "./order-read";
export { findOrder, loadOrderAnswer, orderAnswerFrom, orderAnswerSteps } from "./order-read";
export { transitionOrder, transitionSteps } from "./order-transitions";
export type { Placed, PlaceOrderRequest } from "./place-order";
export { PlaceOrderError, placeOrder } from "./place-order";
export { reorder } from "./reorder";
export type { BoardOrder, StoreHistoryEntry, StoreOrderDetail } from "./store-orders";
export { BOARD_LIMIT, listBoardOrders, listStoreOrders, loadStoreOrder } from "./store-orders";
export { transitionByStore } from "./store-transitions";
export { loadTracking } from "./tracking";
