import { createMiddleware } from "hono/factory";
import { message } from "../../commerce/i18n/message";
import { checkPlatformKey } from "../admin/platform-key";
import type { AppEnv } from "../app-env";
import { bearerOf } from "./admin-auth";
import { ApiError } from "./errors";

/** Every /api/platform call: the platform key (decision 040), 403 where none is configured, 401 without it. */
export const platformOnly = createMiddleware<AppEnv>(async (c, next) => {
  const check = await checkPlatformKey(c.env.PLATFORM_KEY_SHA256, bearerOf(c.req.header("Authorization")));
  if (check === "not_configured") {
    throw new ApiError(403, "not_configured", message("errors.platform_not_configured"));
  }
  if (check === "refused") {
    throw new ApiError(401, "unauthenticated", message("errors.platform_key_refused"), undefined, {
      "WWW-Authenticate": "Bearer",
    });
  }
  await next();
});
