import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { resolveTenant } from "./resolve-tenant";
import type { Tenant } from "./tenant";

/**
 * Requests the Worker dispatches to its own API in-process carry the tenant it already resolved, so a page
 * pays for one lookup however many API calls it makes. Keyed by the Request object: nothing outside this
 * isolate's own code can set it, and an entry dies with its request.
 */
const resolvedTenants = new WeakMap<Request, Tenant>();

export function handOverTenant(request: Request, tenant: Tenant): Request {
  resolvedTenants.set(request, tenant);
  return request;
}

/** Sets c.var.tenant from the hostname, or answers `onUnknownHost` for a hostname that is no store's. */
export function tenantMiddleware(onUnknownHost: (c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) => Response) {
  return createMiddleware<AppEnv>(async function tenant(c, next) {
    if (!c.var.tenant) {
      const found =
        resolvedTenants.get(c.req.raw) ??
        (await resolveTenant(c.env, new URL(c.req.url).hostname, (promise) => c.executionCtx.waitUntil(promise)));
      if (!found) return onUnknownHost(c);
      c.set("tenant", found);
    }
    await next();
  });
}
