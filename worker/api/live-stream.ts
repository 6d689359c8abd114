import { createMiddleware } from "hono/factory";
import { message } from "../../commerce/i18n/message";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { isWebSocketHandshake } from "../live/open-stream";

export const WEBSOCKET_ONLY = message("errors.websocket_only");

/** A live call answers a WebSocket handshake only; a plain request is told so before anything is read. */
export const webSocketOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isWebSocketHandshake(c)) {
    throw new ApiError(426, "upgrade_required", WEBSOCKET_ONLY, undefined, { Upgrade: "websocket" });
  }
  await next();
});
