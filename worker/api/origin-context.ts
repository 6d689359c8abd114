import type { Context } from "hono";
import type { InterfaceLanguage } from "../../commerce/languages";
import { backgroundOf } from "../after-answer";
import type { AppEnv } from "../app-env";
import type { Env } from "../env";
import { clientAddress } from "../http/client-address";
import { callerLanguage } from "../http/errors";
import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";
import { storeSite } from "../tenancy/tenant-origin";

/**
 * What an origin operation runs with, resolved once per request: the bindings, the store, the branch and who asks
 * (decision 066). The API's middleware resolves it for an HTTP call (`originContextOf`); a page's load context makes
 * it from what the Worker resolved for the page, so the page's call runs no middleware again.
 */
export interface OriginContext {
  env: Env;
  /** Work that may finish after the answer (the request's waitUntil). */
  ctx: Pick<ExecutionContext, "waitUntil">;
  tenant: Tenant;
  branchId: number;
  /** Who the call is made as; `change`: the call writes (a page's guest without an id is given one then). */
  shopperFor(change: boolean): Shopper;
  /** The client per-client limits count against: the page's visitor, or the HTTP caller (worker/http/client-address). */
  client: string;
  /** The store's origin as the call reached it (worker/tenancy/tenant-origin.ts `storeSite`): links, an order's events. */
  site: { host: string; origin: string };
  /** The caller's language: its refusals and the messages it sends speak it (the page's, or the HTTP caller's). */
  language: InterfaceLanguage;
  /** A page's own sign-in: the badge's count, read in the batch that opens the session. Absent for HTTP callers. */
  tellCartCount?: (count: number) => void;
}

/** The context of an HTTP call, from what the API's middleware resolved. */
export function originContextOf(c: Context<AppEnv>): OriginContext {
  return {
    env: c.env,
    ctx: backgroundOf(c),
    tenant: c.var.tenant,
    branchId: c.var.branchId,
    shopperFor: () => c.var.shopper,
    client: clientAddress(c.req.raw),
    site: storeSite(c.req.url),
    language: callerLanguage(c),
  };
}
