import { SELF } from "cloudflare:test";

/** A request to the Worker as a browser at `host` would send it (the demo stores are found by hostname). */
export function request(host: string, path: string, init?: RequestInit): Promise<Response> {
  return SELF.fetch(`http://${host}${path}`, { redirect: "manual", ...init });
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A fresh guest id, as the guest cookie and the pages' origin client make them. */
export function newGuest(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * An API call as a guest (the guest-id header; none when `guest` is null). An object body is sent as JSON, a
 * string as it is (for malformed-body tests).
 */
export function guestCall(method: string, path: string, guest: string | null, body?: unknown, host = "food.localhost"): Promise<Response> {
  const headers: Record<string, string> = {};
  if (guest !== null) headers["guest-id"] = guest;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return request(host, path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

let visitors = 0;
/**
 * Request options of a visitor reaching the Worker through Cloudflare (a `cf` object and `CF-Connecting-IP`), each
 * call a new address unless one is given: per-client limits count each apart.
 */
export function viaCloudflare(address?: string): { cf: IncomingRequestCfProperties; headers: Record<string, string> } {
  visitors++;
  const own = address ?? `198.19.${Math.floor(visitors / 250) % 250}.${visitors % 250}`;
  return { cf: {} as IncomingRequestCfProperties, headers: { "CF-Connecting-IP": own } };
}
