import type { OrderStatus } from "../../commerce/order-status";
import type { OrderHeading } from "./order-answer";

/**
 * What the live order stream sends (decision 051), one JSON text per WebSocket message. `id` is the order's history
 * row: it only grows, so a client that reconnects with `after=<the last id it saw>` is sent what it missed.
 */

/** A shopper's order transitioned: what the tracking link may show, nothing of the payment or the customer. */
export interface ShopperOrderMessage {
  type: "order";
  id: number;
  order_id: string;
  number: string;
  status: OrderStatus;
  status_text: string;
  /**
   * No transition will change the order again (delivered, expired, or cancelled with no refund under way): stop
   * listening.
   */
  final: boolean;
}

/** One of the store's orders was placed or transitioned, for the owner's stream (a kitchen screen). */
export interface OwnerOrderMessage {
  type: "order";
  id: number;
  /** ISO 8601: when the transition was written. */
  at: string;
  order: OrderHeading;
}

/**
 * Sent once the connection is listening, after what it missed: the newest event id it covers (0: none yet). A client
 * reconnects with this as `after`.
 */
export interface ReadyMessage {
  type: "ready";
  id: number;
}

/**
 * More was missed than one connection replays (LIVE_REPLAY_LIMIT): read the orders again, then listen from `id`.
 */
export interface GapMessage {
  type: "gap";
  id: number;
}

export type LiveMessage = ShopperOrderMessage | OwnerOrderMessage | ReadyMessage | GapMessage;

/** At most this many missed events are replayed on a reconnect; past it the client is told to read afresh. */
export const LIVE_REPLAY_LIMIT = 100;

/** The close code the object uses when the order a socket follows is final (4000–4999 are the application's). */
export const CLOSE_FINAL = 4000;
