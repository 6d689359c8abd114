import type { Context } from "hono";
import type { AppEnv } from "./env";
import { createOriginClient, type OriginIdentity } from "./origin/origin-client";
import { httpTransport, inProcessTransport } from "./origin/transports";

/** What every Remix loader and action receives. Its type is this function's, never written by hand. */
export function createLoadContext(c: Context<AppEnv>, identity: OriginIdentity) {
  const url = new URL(c.req.url);
  const transport = c.env.ORIGIN_URL
    ? httpTransport(c.env.ORIGIN_URL, url.host)
    : inProcessTransport(c.env, c.executionCtx as ExecutionContext, c.var.tenant);
  return {
    cloudflare: { env: c.env, cf: c.req.raw.cf as IncomingRequestCfProperties | undefined, ctx: c.executionCtx },
    origin: createOriginClient(url.origin, identity, transport),
    cspNonce: c.var.cspNonce,
    shopper: identity,
  };
}

export type LoadContext = ReturnType<typeof createLoadContext>;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}
