import type { Opening } from "./opening";
import { clientTag, watchTag } from "./socket-tags";

/**
 * How many live sockets the store's object holds at once (decision 051, issue 36), counting open sockets only. The
 * caps a stream has keep one watched thing from filling the object; the client cap keeps one address from holding a
 * share of it over many orders. A page that is refused backs off and resumes from D1, so a cap costs liveness only.
 */
export const LIVE_SOCKET_CAPS = {
  /** One order's tracking: a shopper's few tabs and devices, and whoever the tracking link was shared with. */
  order: 10,
  /** One customer's My orders: their tabs and devices. */
  customer: 10,
  /** The owner's stream: the store's kitchen screens, counters and back ends. */
  store: 20,
  /**
   * One client address across the store, every stream together. An address is often many people (an office, a
   * carrier's NAT), so this is ten orders' worth, not one shopper's; it is 0.3% of the 32,768 sockets an object holds.
   */
  client: 100,
} as const;

/**
 * A refused connection may try again after the pages' longest reconnect wait (app/lib/order-updates.ts): a socket is
 * freed when a tab closes or hides, not at a time the object could name.
 */
export const LIVE_CAP_RETRY_AFTER_SECONDS = 30;

/**
 * Whether a socket for `opening` would pass a cap. The object is single-threaded and accepts the socket before it
 * next awaits, so no burst of openings gets past a cap between the count and the accept.
 */
export function liveCapReached(ctx: DurableObjectState, opening: Opening): boolean {
  return (
    openCount(ctx, watchTag(opening.watch)) >= LIVE_SOCKET_CAPS[opening.watch.kind] ||
    openCount(ctx, clientTag(opening.client)) >= LIVE_SOCKET_CAPS.client
  );
}

// A socket the object closed (a final order) or whose client left may still be listed until the close completes.
function openCount(ctx: DurableObjectState, tag: string): number {
  return ctx.getWebSockets(tag).filter((socket) => socket.readyState === WebSocket.OPEN).length;
}
