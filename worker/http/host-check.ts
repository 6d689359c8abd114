import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { impossibleHostResponse } from "./unknown-host";

/**
 * A host name no store can have is refused before anything is looked up with it: DNS names are at most 253
 * characters in labels of at most 63, and a longer one would make the host cache's KV key pass KV's 512-byte limit.
 */
const MAX_HOSTNAME = 253;
const MAX_LABEL = 63;

export function isPossibleHostname(hostname: string): boolean {
  return hostname.length > 0 && hostname.length <= MAX_HOSTNAME && hostname.split(".").every((label) => label.length <= MAX_LABEL);
}

export const hostCheck = createMiddleware<AppEnv>(async function hostCheck(c, next) {
  if (isPossibleHostname(new URL(c.req.url).hostname)) return next();
  return /^\/api(\/|$)/.test(c.req.path)
    ? c.json({ code: "bad_request", message: "This address is not a store's." }, 400, { "Cache-Control": "no-store" })
    : impossibleHostResponse(c.var.cspNonce);
});
