import type { Context } from "hono";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { AppEnv } from "../app-env";
import { isWebSocketHandshake, openStream } from "../live/open-stream";
import { deskMessage } from "./desk-message";
import { deskViewOf } from "./desk-view";

/**
 * GET /admin/order-updates: the store's live orders (decision 051) for the desk's board (decision 086), the stream the
 * owner API gives a key (`/api/admin/order-updates`), here authorised by the desk session of any member: a board is for
 * whoever works the orders. A browser sends the desk's cookie with a WebSocket opened from any page of the same site,
 * so only the store's own pages (their Origin) may open it.
 */
export async function deskOrderUpdates(c: Context<AppEnv>): Promise<Response> {
  if (!isWebSocketHandshake(c)) return deskMessage(c, 426, "board.title", (t) => t("errors.websocket_only"), { Upgrade: "websocket" });
  if (c.req.header("Origin") !== new URL(c.req.url).origin) return deskMessage(c, 403, "board.title", (t) => t("board.stream_other_site"));
  const after = c.req.query("after");
  if (after !== undefined && !/^\d{1,15}$/.test(after)) return deskMessage(c, 400, "board.title", (t) => t("board.stream_bad_after"));
  const { t, language } = deskViewOf(c);
  // Past a cap, a plain 429 as My orders' stream answers (worker/live/page-stream.ts): the script backs off and resumes.
  const refuse = (seconds: number) => c.text(t(TOO_MANY_REQUESTS), 429, { "Cache-Control": "no-store", "Retry-After": String(seconds) });
  return openStream(c, { kind: "store" }, after === undefined ? undefined : Number(after), language, refuse);
}
