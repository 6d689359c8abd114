import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
// Produced by `remix vite:build`; wrangler bundles it with this entry.
import * as build from "../build/server";
import { api } from "./api";
import type { AppEnv, Env } from "./env";
import { originCheck } from "./http/origin-check";
import { securityHeaders } from "./http/security-headers";
import { shopperIdentity } from "./http/shopper-identity";
import { unknownHostResponse } from "./http/unknown-host";
import { createLoadContext } from "./load-context";
import { tenantMiddleware } from "./tenancy/tenant-middleware";

// Created once per isolate, not per request.
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, "production");

const app = new Hono<AppEnv>()
  .use(securityHeaders)
  // The floor for benchmarks and a liveness probe: no tenant, no storage.
  .get("/healthz", (c) => c.text("ok"))
  .use(originCheck)
  .route("/", api)
  .use(tenantMiddleware(() => unknownHostResponse()))
  .all("*", async (c) => {
    const context = createLoadContext(c, shopperIdentity(c));
    const response = await handleRemixRequest(c.req.raw, context);
    // Hono's setCookie wrote to c.res; carry those headers onto Remix's response.
    for (const cookie of c.res.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  });

export default app satisfies ExportedHandler<Env>;
