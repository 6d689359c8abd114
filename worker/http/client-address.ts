/**
 * The client a per-client limit counts against. Cloudflare's edge sets `CF-Connecting-IP` itself (replacing any a
 * client sent) and attaches `request.cf`, so the header is the visitor's address only on a request that carries
 * `cf`. A request without it did not come through the edge (a loopback proxy, a test, another Worker): its header is
 * whatever the sender chose, so it is not read, and the client is the connection it came over. A Worker is not told a
 * connection's address, so all such callers are one client, `direct`: a sender cannot make up a bucket of its own.
 * (The local runtime attaches a fake `cf` and fills the header from the socket when a client sent none.)
 */
const MAX_ADDRESS_LENGTH = 64;
export const DIRECT_CLIENT = "direct";

export function clientAddress(request: Request): string {
  if (request.cf === undefined || request.cf === null) return DIRECT_CLIENT;
  const address = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  return address.length > 0 && address.length <= MAX_ADDRESS_LENGTH ? address : DIRECT_CLIENT;
}
