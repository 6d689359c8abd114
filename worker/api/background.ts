import type { Context } from "hono";
import { afterAnswer } from "../after-answer";
import type { AppEnv } from "../app-env";
import type { MoveSite } from "../order-life/order-events";
import type { OriginContext } from "./origin-context";

/** The request's waitUntil; one that runs nothing when the API is called without one (a direct `api.request`). */
export function backgroundOf(c: Context<AppEnv>): Pick<ExecutionContext, "waitUntil"> {
  try {
    return c.executionCtx;
  } catch {
    return { waitUntil: () => undefined };
  }
}

/** Where an operation moves an order: the store's address as the call reached it; later work goes after the answer. */
export function moveSite(o: OriginContext): MoveSite {
  return { origin: o.site.origin, later: (work) => afterAnswer(o.ctx, work) };
}
