import { api } from "../api";
import type { Env } from "../env";
import { handOver } from "../http/handover";
import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";

/** Sends one origin call; `shopper` is who the call is made as (its headers are already on the request). */
export type Transport = (request: Request, shopper: Shopper) => Response | Promise<Response>;

/**
 * Dispatches to the built-in API inside this isolate: no network hop, and the store and shopper are handed over.
 * The only transport: pages and API are one Worker (decision 002).
 */
export function inProcessTransport(
  env: Env,
  ctx: ExecutionContext,
  tenant: Tenant,
  client: string,
  signedInCartCount?: (count: number) => void,
): Transport {
  return (request, shopper) => api.fetch(handOver(request, { tenant, shopper, client, signedInCartCount }), env, ctx);
}
