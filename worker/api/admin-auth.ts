import { createMiddleware } from "hono/factory";
import { checkStoreKey } from "../admin/store-keys";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

export const STORE_KEY_REFUSED = "A valid API key of this store is needed: send it as Authorization: Bearer <key>.";

/** Every /api/admin call: the bearer must be a live API key of the store the request is for; anything else is 401. */
export const storeOwnerOnly = createMiddleware<AppEnv>(async (c, next) => {
  const key = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!key || (await checkStoreKey(c.env.DB, c.var.tenant.id, key)) === null) {
    throw new ApiError(401, "unauthenticated", STORE_KEY_REFUSED, undefined, { "WWW-Authenticate": "Bearer" });
  }
  await next();
});
