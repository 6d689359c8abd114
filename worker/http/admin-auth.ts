import { createMiddleware } from "hono/factory";
import { message } from "../../commerce/i18n/message";
import { mayAct, type StoreActor, scopeRefusal } from "../../commerce/store-actor";
import { checkStoreKey } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { ApiError } from "./errors";
import { ownerScopeOf } from "./owner-scopes";

export const STORE_KEY_REFUSED = message("errors.store_key_refused");

/** The bearer of the request, when it sends one. */
export function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? "")?.[1];
}

/**
 * Every /api/admin call, from its headers alone (decision 059): the bearer must be a live API key of the store the
 * request is for (anything else is 401), of the scope its method and path need (worker/http/owner-scopes.ts; another is
 * 403). The key is kept as the call's actor.
 */
export const storeOwnerOnly = createMiddleware<AppEnv>(async (c, next) => {
  const key = bearerOf(c.req.header("Authorization"));
  const found = key ? await checkStoreKey(c.env.DB, c.var.tenant.id, key) : null;
  if (!found) throw new ApiError(401, "unauthenticated", STORE_KEY_REFUSED, undefined, { "WWW-Authenticate": "Bearer" });
  const actor: StoreActor = { kind: "key", keyId: found.id, scope: found.scope };
  const needed = ownerScopeOf(c.req.method, c.req.path);
  if (needed !== "any" && !mayAct(actor, needed)) throw new ApiError(403, "forbidden", scopeRefusal(actor, needed));
  c.set("storeActor", actor);
  await next();
});
