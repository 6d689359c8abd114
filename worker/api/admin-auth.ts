import { createMiddleware } from "hono/factory";
import { checkStoreKey, type KeyScope } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { ApiError } from "./errors";

export const STORE_KEY_REFUSED = "A valid API key of this store is needed: send it as Authorization: Bearer <key>.";

const SCOPE_REFUSED: Record<Exclude<KeyScope, "all">, string> = {
  orders: "This API key may not read or move orders: use a key with the scope orders or all.",
  store: "This API key may not change the store (its file or images): use a key with the scope store or all.",
};

/** The bearer of the request, when it sends one. */
export function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? "")?.[1];
}

/**
 * An /api/admin call of `scope`: the bearer must be a live API key of the store the request is for (anything else is
 * 401), and a key of another scope is 403; "any" takes every live key of the store.
 */
export function storeOwnerOnly(scope: Exclude<KeyScope, "all"> | "any") {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = bearerOf(c.req.header("Authorization"));
    const found = key ? await checkStoreKey(c.env.DB, c.var.tenant.id, key) : null;
    if (!found) throw new ApiError(401, "unauthenticated", STORE_KEY_REFUSED, undefined, { "WWW-Authenticate": "Bearer" });
    if (scope !== "any" && found.scope !== "all" && found.scope !== scope) throw new ApiError(403, "forbidden", SCOPE_REFUSED[scope]);
    await next();
  });
}
