import { createMiddleware } from "hono/factory";
import { message } from "../../commerce/i18n/message";
import { isGuestId } from "../../commerce/ids";
import { findSession } from "../accounts/sessions";
import { isToken } from "../accounts/tokens";
import type { AppEnv } from "../app-env";
import type { Shopper } from "../shopper/shopper";
import { ApiError, SESSION_ENDED } from "./errors";

/**
 * Sets `c.var.shopper` for every API call, once: the customer named by `Authorization: Bearer <token>` (an unknown, expired or revoked token, or another store's, is 401 on any call, and
 * the client signs the shopper out: spec section 8), else the guest named by the `guest-id` header (a malformed one
 * is 400), else a new visitor.
 */
export const shopperMiddleware = createMiddleware<AppEnv>(async function shopper(c, next) {
  c.set("shopper", await fromHeaders(c.req.header("Authorization"), c.req.header("guest-id"), c));
  await next();
});

async function fromHeaders(
  authorization: string | undefined,
  guestId: string | undefined,
  c: { env: AppEnv["Bindings"]; var: { tenant: { id: number } } },
): Promise<Shopper> {
  if (authorization !== undefined) {
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const session = isToken(token) ? await findSession(c.env.DB, c.var.tenant.id, token) : null;
    if (!session || !token) throw new ApiError(401, "unauthenticated", SESSION_ENDED);
    return { kind: "customer", customerId: session.customerId, token };
  }
  if (guestId === undefined || guestId === "") return { kind: "guest", guestId: null };
  if (!isGuestId(guestId)) throw new ApiError(400, "invalid_guest_id", message("errors.guest_id_malformed"));
  return { kind: "guest", guestId };
}
