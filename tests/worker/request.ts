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
