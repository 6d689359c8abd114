import type { Context } from "hono";
import { afterAnswer } from "../after-answer";
import type { AppEnv } from "../app-env";
import type { MoveSite } from "../order-life/order-events";
import { storeSite } from "../tenancy/tenant-origin";

/** The request's waitUntil; none when the API is called without an execution context (a direct `api.request`). */
export function backgroundOf(c: Context<AppEnv>): Pick<ExecutionContext, "waitUntil"> {
  try {
    return c.executionCtx;
  } catch {
    return { waitUntil: () => undefined };
  }
}

/** Where an API call moves an order: the store's address as the call reached it; later work goes after the answer. */
export function moveSite(c: Context<AppEnv>): MoveSite {
  const background = backgroundOf(c);
  return { origin: storeSite(c.req.url).origin, later: (work) => afterAnswer(background, work) };
}
