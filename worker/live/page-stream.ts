import type { Context } from "hono";
import { callerLanguageOf } from "../../commerce/i18n/request-language";
import { translatorOf } from "../../commerce/i18n/translators";
import { interfaceLanguageOf } from "../../commerce/languages";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";
import type { AppEnv } from "../app-env";
import { devToolsOn } from "../dev-tools";
import { pageShopper } from "../visitor/page-shopper";
import { isWebSocketHandshake, openStream } from "./open-stream";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The signed-in customer's orders, live, for My orders (decision 051), at commerce/order-updates-path.ts's address:
 * the same stream as `/api/order-updates`
 * without an order, authorised the way pages are, by the shopper the session cookie resolves to. The API takes no
 * cookies, so this address is the page layer's. A browser sends cookies with a WebSocket opened from any site, so
 * only the store's own pages (their Origin) may open it.
 */
export async function myOrderUpdates(c: Context<AppEnv>): Promise<Response> {
  if (!isWebSocketHandshake(c)) return c.text("This address opens a WebSocket.", 426, { ...NO_STORE, Upgrade: "websocket" });
  if (c.req.header("Origin") !== new URL(c.req.url).origin) return c.text("Only this store's pages may listen here.", 403, NO_STORE);
  const after = c.req.query("after");
  if (after !== undefined && !/^\d{1,15}$/.test(after)) return c.text("after must be an event id.", 400, NO_STORE);
  const shopper = (await pageShopper(c.req.raw, c.env, c.executionCtx, c.var.tenant)).current;
  if (shopper.kind !== "customer") return c.text("Sign in to follow your orders.", 401, { "Cache-Control": SHOPPER_CACHE_CONTROL });
  // Past a cap, a plain 429 like the refusals above; the page's follower backs off and resumes.
  const t = translatorOf(interfaceLanguageOf(c.var.tenant.settings.language));
  const refuse = (seconds: number) => c.text(t(TOO_MANY_REQUESTS), 429, { ...NO_STORE, "Retry-After": String(seconds) });
  // Each move's `status_text` in the language the browser asks for, as /api would answer it (the page itself says a
  // move with its own words: app/lib/use-order-updates.ts reads the status).
  const language = callerLanguageOf(c.req.header("Accept-Language"), c.var.tenant.settings, devToolsOn(c.env));
  const from = after === undefined ? undefined : Number(after);
  return openStream(c, { kind: "customer", customerId: shopper.customerId }, from, language, refuse);
}
