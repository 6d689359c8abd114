import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { type Context, Hono } from "hono";
// Produced by `remix vite:build`; wrangler bundles it with this entry.
import * as build from "../build/server";
import { type PageLanguage, pageLanguageOf } from "../commerce/languages";
import { MY_ORDER_UPDATES_PATH } from "../commerce/order-updates-path";
import { drainUnread } from "../web/bounded-body";
import { SHOPPER_CACHE_CONTROL } from "../web/cache-control";
import { api } from "./api";
import type { AppEnv } from "./app-env";
import { gateOf } from "./db/session-gate";
import { deskRoutes } from "./desk-routes";
import { outboxPage } from "./dev/outbox-page";
import { testGatewayPage } from "./dev/test-gateway-page";
import { devToolsOn } from "./dev-tools";
import type { Env } from "./env";
import { applyPageCachePolicy } from "./http/cache-policy";
import { hostCheck } from "./http/host-check";
import { languageAlternates } from "./http/language-alternates";
import { originCheck } from "./http/origin-check";
import { remixRequest, remixResponse } from "./http/remix-request";
import { securityHeaders } from "./http/security-headers";
import { STORE_UNAVAILABLE_RETRY_SECONDS, tenantMiddleware } from "./http/tenant-middleware";
import { storeUnavailableResponse, unknownHostResponse } from "./http/unknown-host";
import { cataloguesReady } from "./i18n/catalogues";
import { myOrderUpdates } from "./live/page-stream";
import { createLoadContext } from "./load-context";
import { MEDIA_PATH } from "./media/avatars";
import { serveMedia } from "./media/media-route";
import { reconcileAll } from "./order-life";
import { cachedPage, cachedPageResponse, cacheRenderedPage } from "./page-cache/page-cache";
import { anonymousPageKey, textPageKey } from "./page-cache/page-key";
import { forgetOldPageSpeed } from "./page-speed/forget-old-days";
import { withRequestDb } from "./request-db";
import { tidyMoves } from "./store-moves/tidy-moves";
import { textPage } from "./text-pages";
import { type PageShopper, pageShopper } from "./visitor/page-shopper";
import { foldsSession } from "./visitor/session-fold";

// The store's live-orders Durable Object class must be exported by the Worker's entry (wrangler.toml binds it).
export { LiveOrders } from "./live/live-orders-object";

// Created once per isolate and address prefix, not per request: a page in an offered language is rendered with its
// prefix (`/de`) as the router's basename, so its links, forms and redirects stay in that language (decision 078).
// The prefixes are the shipped languages', so the map stays as small as that list.
const remixHandlers = new Map<string, ReturnType<typeof createRequestHandler>>();
function remixHandlerFor(prefix: string) {
  let handler = remixHandlers.get(prefix);
  if (!handler) {
    handler = createRequestHandler({ ...(build as unknown as ServerBuild), basename: prefix || undefined }, "production");
    remixHandlers.set(prefix, handler);
  }
  return handler;
}

const app = new Hono<AppEnv>()
  .use(securityHeaders)
  // The floor for benchmarks and a liveness probe: no tenant, no storage.
  .get("/healthz", (c) => c.text("ok", 200, { "Cache-Control": "no-store" }))
  // Every answer below may speak: the catalogues are in before any of it runs (decision 081).
  .use(async (c, next) => {
    await cataloguesReady(c.env);
    await next();
  })
  .use(hostCheck)
  .use(originCheck)
  .route("/", api)
  .use(
    tenantMiddleware({
      unknownHost: (c) => unknownHostResponse(c.var.cspNonce),
      unavailable: (c, message) => storeUnavailableResponse(c.var.cspNonce, message, STORE_UNAVAILABLE_RETRY_SECONDS),
    }),
  )
  .get(`${MEDIA_PATH}*`, serveMedia)
  // The owner's desk: its own pages, identity and cookie, never a shopper's page nor in the page cache (decision 083).
  .route("/admin", deskRoutes)
  .use("/dev/outbox", outboxPage)
  .use("/dev/test-gateway", testGatewayPage)
  .get(MY_ORDER_UPDATES_PATH, myOrderUpdates)
  .all("*", async (c) => {
    // Remix's data requests before single fetch (`?_data=`): no page of ours makes them, so they are refused
    // before Remix, which would log each one as an error.
    if (c.req.query("_data") !== undefined) return c.text("Bad request", 400, { "Cache-Control": "no-store" });
    // No page answers a preflight (Remix would take an OPTIONS of a data URL for an action).
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: "GET, HEAD, POST", "Cache-Control": "no-store" });
    const { settings } = c.var.tenant;
    const language = pageLanguageOf(c.req.path, settings.language, settings.languages, devToolsOn(c.env));
    // An agent's page as markdown, or llms.txt (decision 091): nobody's own, so nothing of the visitor's is read for it.
    const text = await textPage(c, language);
    const fold = foldsSession(c.req.raw, c.req.path);
    // A folded session may turn out to have ended after the page ran: it then runs again, for a guest, from this copy.
    const raw: Request = c.req.raw;
    const spare = fold && raw.body !== null ? (raw.clone() as Request) : raw;
    const shopper = text ? null : await pageShopper(c.req.raw, c.env, c.executionCtx, c.var.tenant, fold);
    // An anonymous visitor's catalogue page is rendered once per key and cached (decision 035), and so is any text.
    const pageKey = shopper
      ? anonymousPageKey(c.req.raw, c.var.tenant, shopper, build.assets.version)
      : textPageKey(c.req.raw, c.var.tenant, build.assets.version);
    const cached = pageKey === null ? null : await cachedPage(pageKey);
    if (cached) {
      if (cached.connectSources.length > 0) c.set("connectSources", cached.connectSources);
      return cachedPageResponse(cached, c.var.cspNonce);
    }
    let response = shopper ? await renderPage(c, c.req.raw, shopper, language) : await text!();
    const gate = gateOf(c.env.DB);
    if (gate && !(await gate.settle())) {
      // The claimed session had ended: the gate ran none of the page's calls. As if the session had been looked up
      // first: the page is a guest's, and the session cookie is cleared (pageShopper finds no session).
      gate.release();
      const guest = await pageShopper(spare, c.env, c.executionCtx, c.var.tenant);
      response = await renderPage(c, spare, guest, language);
      applyPageCachePolicy(c.req.method, response);
      response.headers.set("X-Page-Cache", "bypass");
      return response;
    }
    applyPageCachePolicy(c.req.method, response);
    if (pageKey === null) {
      response.headers.set("X-Page-Cache", "bypass");
      return response;
    }
    const render = { nonce: c.var.cspNonce, connectSources: c.get("connectSources") ?? [] };
    return cacheRenderedPage(pageKey, response, render, (promise) => c.executionCtx.waitUntil(promise));
  });

/** Renders a page for the shopper, with the shopper layer's cookies, the only ones a page sets. */
async function renderPage(c: Context<AppEnv>, raw: Request, shopper: PageShopper, language: PageLanguage): Promise<Response> {
  const request = remixRequest(raw, language.messages);
  const response = remixResponse(raw, await remixHandlerFor(language.prefix)(request, createLoadContext(c, shopper, language)));
  // What the page left unread is read before the answer goes out (web/bounded-body.ts says why).
  await drainUnread(request.body);
  // Pages never write cookies themselves: the shopper layer's are the only ones.
  response.headers.delete("Set-Cookie");
  for (const cookie of shopper.setCookies()) response.headers.append("Set-Cookie", cookie);
  const alternates = response.status === 200 ? languageAlternates(new URL(raw.url), language, c.var.tenant.settings) : null;
  if (alternates) response.headers.append("Link", alternates);
  // A page rendered without the store's current data is this moment's only: no cache keeps it.
  if (c.get("storeDataDegraded")) response.headers.set("Cache-Control", SHOPPER_CACHE_CONTROL);
  return response;
}

export default {
  // Each request gets its own metered D1 session as env.DB (worker/request-db.ts).
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return withRequestDb(request, env, ctx, async (metered) => app.fetch(request, metered, ctx));
  },
  // The cron trigger (wrangler.toml): payments left waiting are reconciled, expired, or refunded.
  async scheduled(_controller, env, ctx) {
    // Order notices and refusals recorded by the runs below are said in words.
    await cataloguesReady(env);
    ctx.waitUntil(reconcileAll(env));
    // Moves cut off are undone, and moved stores' old copies dropped (decision 061).
    ctx.waitUntil(tidyMoves(env));
    // Real shoppers' page speed is kept for a season (decision 084).
    ctx.waitUntil(forgetOldPageSpeed(env));
  },
} satisfies ExportedHandler<Env>;
