import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { resolveTenant } from "../tenancy/resolve-tenant";
import { handedOver } from "./handover";

/** Sets c.var.tenant from the hostname, or answers `onUnknownHost` for a hostname that is no store's. */
export function tenantMiddleware(onUnknownHost: (c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) => Response) {
  return createMiddleware<AppEnv>(async function tenant(c, next) {
    if (!c.var.tenant) {
      const found =
        handedOver(c.req.raw)?.tenant ??
        (await resolveTenant(c.env, new URL(c.req.url).hostname, (promise) => c.executionCtx.waitUntil(promise)));
      if (!found) return onUnknownHost(c);
      c.set("tenant", found);
    }
    await next();
  });
}
