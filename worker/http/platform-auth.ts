import { createMiddleware } from "hono/factory";
import { checkPlatformKey } from "../admin/platform-key";
import type { AppEnv } from "../app-env";
import { bearerOf } from "./admin-auth";
import { ApiError } from "./errors";

/** Every /api/platform call: the platform key (decision 040), 403 where none is configured, 401 without it. */
export const platformOnly = createMiddleware<AppEnv>(async (c, next) => {
  const check = await checkPlatformKey(c.env.PLATFORM_KEY_SHA256, bearerOf(c.req.header("Authorization")));
  if (check === "not_configured") {
    throw new ApiError(403, "not_configured", "Stores cannot be created through the API here: the Worker has no PLATFORM_KEY_SHA256.");
  }
  if (check === "refused") {
    throw new ApiError(401, "unauthenticated", "The platform key is needed: send it as Authorization: Bearer <key>.", undefined, {
      "WWW-Authenticate": "Bearer",
    });
  }
  await next();
});
