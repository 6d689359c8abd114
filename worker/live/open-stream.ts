import type { Context } from "hono";
import type { InterfaceLanguage } from "../../commerce/languages";
import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";
import type { AppEnv } from "../app-env";
import { clientAddress } from "../http/client-address";
import { liveOrdersOf, type Watch } from "../orders";
import { openingRequest } from "./opening";
import { LIVE_CAP_RETRY_AFTER_SECONDS } from "./socket-caps";

/** How a caller answers a connection past a cap (worker/live/socket-caps.ts): its own 429 with the wait. */
export type LiveRefusal = (retryAfterSeconds: number) => Response;

/**
 * Hands an authorised connection to the store's live object, which accepts it, or refuses it past a cap (`refuse`).
 * Its messages are said in `language`, the opening request's. The answer depends on who asks, so it is
 * `private, no-store` like every such answer.
 */
export async function openStream(
  c: Context<AppEnv>,
  watch: Watch,
  after: number | undefined,
  language: InterfaceLanguage,
  refuse: LiveRefusal,
): Promise<Response> {
  const tenantId = c.var.tenant.id;
  const client = clientAddress(c.req.raw);
  const opening = { tenantId, database: c.var.tenant.database, watch, after: after ?? null, client, language };
  const answer = await liveOrdersOf(c.env, tenantId).fetch(openingRequest(opening));
  if (answer.status === 429) return refuse(LIVE_CAP_RETRY_AFTER_SECONDS);
  if (!answer.webSocket) throw new Error(`the live object did not open a socket (${answer.status})`);
  return new Response(null, { status: 101, webSocket: answer.webSocket, headers: { "Cache-Control": SHOPPER_CACHE_CONTROL } });
}

/** Whether the request is a WebSocket handshake. */
export function isWebSocketHandshake(c: Context<AppEnv>): boolean {
  return c.req.header("Upgrade")?.toLowerCase() === "websocket";
}
