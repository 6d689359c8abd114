import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { SESSION_ENDED } from "./shopper-middleware";

/** The signed-in customer a call is made as; a guest is 401, as an ended session is (spec section 8). */
export function signedInCustomer(c: Context<AppEnv>) {
  const shopper = c.var.shopper;
  if (shopper.kind !== "customer") throw new ApiError(401, "unauthenticated", SESSION_ENDED);
  return shopper;
}
