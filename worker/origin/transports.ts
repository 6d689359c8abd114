import { api } from "../api";
import type { Env } from "../env";
import type { Tenant } from "../tenancy/tenant";
import { handOverTenant } from "../tenancy/tenant-middleware";

/** Dispatches to the built-in API inside this isolate: no network hop, and the tenant is handed over. */
export function inProcessTransport(env: Env, ctx: ExecutionContext, tenant: Tenant) {
  return (request: Request) => api.fetch(handOverTenant(request, tenant), env, ctx);
}

/**
 * Forwards to an external origin with the same /api contract. The store is named by the hostname the
 * shopper used, in X-Store-Host, because a Worker cannot send another Host header.
 */
export function httpTransport(originUrl: string, storeHost: string) {
  const origin = new URL(originUrl);
  return (request: Request) => {
    const url = new URL(request.url);
    url.protocol = origin.protocol;
    url.host = origin.host;
    const forwarded = new Request(url, request);
    forwarded.headers.set("X-Store-Host", storeHost);
    return fetch(forwarded);
  };
}
