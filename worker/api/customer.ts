import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { CartScope } from "../cart/cart-store";
import { ApiError, SESSION_ENDED } from "../http/errors";
import { customerOwner } from "../shopper/owner";
import { type OriginContext, originContextOf } from "./origin-context";

/** The signed-in customer asking, for calls only a customer may make: a guest is 401, and the client signs out. */
export function customerOf(o: OriginContext) {
  const shopper = o.shopperFor(false);
  if (shopper.kind !== "customer") throw new ApiError(401, "unauthenticated", SESSION_ENDED);
  return shopper;
}

/** An owner's cart scope in the call's store and branch: the one place the API builds a scope. */
export function scopeOfOwner(o: OriginContext, owner: string): CartScope {
  return { tenantId: o.tenant.id, branchId: o.branchId, owner };
}

/** The signed-in customer asking (a guest is 401): their id, owner text and cart scope in the call's store and branch. */
export function customerScope(o: OriginContext) {
  const { customerId } = customerOf(o);
  const owner = customerOwner(customerId);
  return { customerId, owner, scope: scopeOfOwner(o, owner) };
}

/** For a router whose every call is a customer's: a guest is 401 before anything else is read. */
export const customerOnly = createMiddleware<AppEnv>(async (c, next) => {
  customerOf(originContextOf(c));
  await next();
});
