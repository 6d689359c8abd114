import { SELF } from "cloudflare:test";

/** A request to the Worker as a browser at `host` would send it (the demo stores are found by hostname). */
export function request(host: string, path: string, init?: RequestInit): Promise<Response> {
  return SELF.fetch(`http://${host}${path}`, { redirect: "manual", ...init });
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
