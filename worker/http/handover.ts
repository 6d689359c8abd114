import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";

/**
 * Requests the Worker dispatches to its own API in-process carry what the page already resolved (the store, the
 * shopper), so a page pays for one lookup of each however many API calls it makes. Keyed by the Request object:
 * nothing outside this isolate's own code can set it, and an entry dies with its request.
 */
export interface Resolved {
  tenant: Tenant;
  shopper: Shopper;
  /** The visitor's address, as the page's own request gave it (worker/http/client-address.ts): per-client limits. */
  client: string;
  /** A page's own sign-in tells the page its badge's count, read in the batch that opened the session. */
  signedInCartCount?: (count: number) => void;
}

const resolved = new WeakMap<Request, Resolved>();

export function handOver(request: Request, what: Resolved): Request {
  resolved.set(request, what);
  return request;
}

export function handedOver(request: Request): Resolved | undefined {
  return resolved.get(request);
}
