import type { Env } from "../env";
import { type LiveEventRow, latestEvent } from "./live-events";

/** The store's one live-orders object (worker/live/, decision 051), by the store's id. */
export function liveOrdersOf(env: Env, tenantId: number) {
  return env.LIVE_ORDERS.get(env.LIVE_ORDERS.idFromName(`store:${tenantId}`));
}

/**
 * Announces an order's transition to the store's live object, once its D1 write has committed (order-events.ts calls
 * it). A publish that fails is logged and never fails the transition: the pages catch up from D1 when they reconnect.
 */
export async function publishOrderTransition(env: Env, tenantId: number, orderId: number, read?: LiveEventRow | null): Promise<void> {
  try {
    // `read`: the event as the transition's own batch read it, when it did.
    const row = read === undefined ? await latestEvent(env.DB, tenantId, orderId) : read;
    if (row) await liveOrdersOf(env, tenantId).publish(row);
  } catch (error) {
    console.error("live order update not published", tenantId, orderId, error);
  }
}
