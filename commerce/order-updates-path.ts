/** The page address My orders listens at (worker/live/page-stream.ts; decision 051). */
export const MY_ORDER_UPDATES_PATH = "/account/order-updates";
