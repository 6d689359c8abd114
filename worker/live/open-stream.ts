import type { Context } from "hono";
import { SHOPPER_CACHE_CONTROL } from "../../commerce/cache-control";
import type { AppEnv } from "../app-env";
import type { Watch } from "../orders/live-events";
import { liveOrdersOf } from "../orders/live-publish";
import { openingRequest } from "./opening";

/**
 * Hands an authorised connection to the store's live object, which accepts it. The answer depends on who asks, so it
 * is `private, no-store` like every such answer.
 */
export async function openStream(c: Context<AppEnv>, watch: Watch, after: number | undefined): Promise<Response> {
  const tenantId = c.var.tenant.id;
  const answer = await liveOrdersOf(c.env, tenantId).fetch(openingRequest({ tenantId, watch, after: after ?? null }));
  if (!answer.webSocket) throw new Error(`the live object did not open a socket (${answer.status})`);
  return new Response(null, { status: 101, webSocket: answer.webSocket, headers: { "Cache-Control": SHOPPER_CACHE_CONTROL } });
}

/** Whether the request is a WebSocket handshake. */
export function isWebSocketHandshake(c: Context<AppEnv>): boolean {
  return c.req.header("Upgrade")?.toLowerCase() === "websocket";
}
