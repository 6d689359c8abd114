import { data } from "@remix-run/cloudflare";

/**
 * The page's answer to a refused form (app/lib/form-refusal.ts): 422 with the body, or 429 with Retry-After when the
 * shopper was throttled. The page shows the body's message either way.
 */
export function refused<T extends { ok: false; message: string }>(body: T, retryAfter?: string) {
  return retryAfter === undefined ? data(body, { status: 422 }) : data(body, { status: 429, headers: { "Retry-After": retryAfter } });
}
