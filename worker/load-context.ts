import type { Context } from "hono";
import type { PageLanguage } from "../commerce/languages";
import type { AppEnv } from "./app-env";
import { clientAddress } from "./http/client-address";
import { framedRequest } from "./http/framed";
import { pageOrigin } from "./origin/page-origin";
import { storeSite } from "./tenancy/tenant-origin";
import type { PageShopper } from "./visitor/page-shopper";

/** What every Remix loader and action receives. Its type is this function's, never written by hand. */
export function createLoadContext(c: Context<AppEnv>, shopper: PageShopper, language: PageLanguage) {
  const url = new URL(c.req.url);
  return {
    cloudflare: { env: c.env, cf: c.req.raw.cf as IncomingRequestCfProperties | undefined, ctx: c.executionCtx },
    /** The origin's operations, run as functions with what the Worker resolved for this page (decision 066). */
    origin: pageOrigin({
      env: c.env,
      ctx: c.executionCtx,
      tenant: c.var.tenant,
      branchId: shopper.branchId,
      shopperFor: (change) => shopper.shopperFor(change),
      client: clientAddress(c.req.raw),
      site: storeSite(c.req.url),
      tellCartCount: (count) => shopper.setCartCount(count),
    }),
    cspNonce: c.var.cspNonce,
    /** The store's settings, typed (commerce/store-settings.ts), as the request's tenant carries them. */
    settings: c.var.tenant.settings,
    /** The page is a frame's navigation (the owner's admin previewing the store, decision 044). */
    framed: framedRequest(c.req.raw),
    /** The store's host, naming its last good store data (app/lib/store-data.server.ts). */
    storeHost: url.host,
    /** The page rendered without the store's current data: no cache may keep it (worker/index.ts). */
    storeDataDegraded() {
      c.set("storeDataDegraded", true);
    },
    /** Lets the page's scripts reach another https origin (the store's connectivity probe): its CSP connect-src. */
    allowConnect(url: string) {
      const origin = new URL(url).origin;
      if (origin.startsWith("https://")) c.set("connectSources", [...(c.get("connectSources") ?? []), origin]);
    },
    shopper,
    /** The page's language, from its address (decision 078): its tag, its interface's catalogue and its prefix. */
    language,
  };
}

export type LoadContext = ReturnType<typeof createLoadContext>;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}
