import { createMiddleware } from "hono/factory";
import { type Message, message } from "../../commerce/i18n/message";
import { checkStoreKey, type KeyScope } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { ApiError } from "./errors";
import { ownerScopeOf } from "./owner-scopes";

export const STORE_KEY_REFUSED = message("errors.store_key_refused");

const SCOPE_REFUSED: Record<KeyScope, Message> = {
  all: message("errors.scope_all_refused"),
  orders: message("errors.scope_orders_refused"),
  store: message("errors.scope_store_refused"),
};

/** The bearer of the request, when it sends one. */
export function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? "")?.[1];
}

/**
 * Every /api/admin call, from its headers alone (decision 059): the bearer must be a live API key of the store the
 * request is for (anything else is 401), of the scope its method and path need (worker/http/owner-scopes.ts; another is
 * 403). The key's id is kept for the call.
 */
export const storeOwnerOnly = createMiddleware<AppEnv>(async (c, next) => {
  const key = bearerOf(c.req.header("Authorization"));
  const found = key ? await checkStoreKey(c.env.DB, c.var.tenant.id, key) : null;
  if (!found) throw new ApiError(401, "unauthenticated", STORE_KEY_REFUSED, undefined, { "WWW-Authenticate": "Bearer" });
  const needed = ownerScopeOf(c.req.method, c.req.path);
  if (needed !== "any" && found.scope !== "all" && found.scope !== needed) throw new ApiError(403, "forbidden", SCOPE_REFUSED[needed]);
  c.set("storeKeyId", found.id);
  await next();
});
