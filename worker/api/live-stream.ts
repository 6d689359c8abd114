import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { openingRequest } from "../live/opening";
import type { Watch } from "../orders/live-events";
import { liveOrdersOf } from "../orders/live-publish";
import { ApiError } from "./errors";
import { PRIVATE_ANSWER } from "./private-answer";

export const WEBSOCKET_ONLY = "This call opens a WebSocket: ask with the headers Upgrade: websocket and Connection: Upgrade.";

/** A live call answers a WebSocket handshake only; a plain request is told so before anything is read. */
export const webSocketOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", WEBSOCKET_ONLY, undefined, { Upgrade: "websocket" });
  }
  await next();
});

/**
 * Hands an authorised connection to the store's live object, which accepts it. The answer depends on who asks, so it
 * is `private, no-store` like every such answer.
 */
export async function openStream(c: Context<AppEnv>, watch: Watch, after: number | undefined): Promise<Response> {
  const tenantId = c.var.tenant.id;
  const answer = await liveOrdersOf(c.env, tenantId).fetch(openingRequest({ tenantId, watch, after: after ?? null }));
  if (!answer.webSocket) throw new Error(`the live object did not open a socket (${answer.status})`);
  return new Response(null, { status: 101, webSocket: answer.webSocket, headers: PRIVATE_ANSWER });
}
