import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { ApiError } from "./errors";
import { SESSION_ENDED } from "./shopper-middleware";

/** The signed-in customer asking, for calls only a customer may make: a guest is 401, and the client signs out. */
export function customerOf(c: Context<AppEnv>) {
  const shopper = c.var.shopper;
  if (shopper.kind !== "customer") throw new ApiError(401, "unauthenticated", SESSION_ENDED);
  return shopper;
}

/** For a router whose every call is a customer's: a guest is 401 before anything else is read. */
export const customerOnly = createMiddleware<AppEnv>(async (c, next) => {
  customerOf(c);
  await next();
});
