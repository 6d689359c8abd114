import { api } from "../api";
import type { Env } from "../env";
import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";
import { handOver } from "./handover";

/** Sends one origin call; `shopper` is who the call is made as (its headers are already on the request). */
export type Transport = (request: Request, shopper: Shopper) => Response | Promise<Response>;

/** Dispatches to the built-in API inside this isolate: no network hop, and the store and shopper are handed over. */
export function inProcessTransport(env: Env, ctx: ExecutionContext, tenant: Tenant, client: string): Transport {
  return (request, shopper) => api.fetch(handOver(request, { tenant, shopper, client }), env, ctx);
}

/**
 * Forwards to an external origin with the same /api contract. The store is named by the hostname the
 * shopper used, in X-Store-Host, because a Worker cannot send another Host header.
 */
export function httpTransport(originUrl: string, storeHost: string): Transport {
  const origin = new URL(originUrl);
  return (request) => {
    const url = new URL(request.url);
    url.protocol = origin.protocol;
    url.host = origin.host;
    const forwarded = new Request(url, request);
    forwarded.headers.set("X-Store-Host", storeHost);
    return fetch(forwarded);
  };
}
