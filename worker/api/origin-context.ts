import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Env } from "../env";
import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";

/**
 * What an origin operation runs with, resolved once per request: the bindings, the store, the branch and who asks
 * (decision 066). The API's middleware resolves it for an HTTP call (`originContextOf`); a page's load context makes
 * it from what the Worker resolved for the page, so the page's call runs no middleware again.
 */
export interface OriginContext {
  env: Env;
  ctx: ExecutionContext;
  tenant: Tenant;
  branchId: number;
  /** Who the call is made as; `change`: the call writes (a page's guest without an id is given one then). */
  shopperFor(change: boolean): Shopper;
}

/** The context of an HTTP call, from what the API's middleware resolved. */
export function originContextOf(c: Context<AppEnv>): OriginContext {
  return {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    tenant: c.var.tenant,
    branchId: c.var.branchId,
    shopperFor: () => c.var.shopper,
  };
}
