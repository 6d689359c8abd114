import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { checkPlatformKey } from "../admin/platform-key";
import { insertStoreKey, newStoreKey, storeKeyHash } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { bearerOf } from "./admin-auth";
import { ApiError } from "./errors";
import { PRIVATE_ANSWER } from "./private-answer";
import { importAnswer, importThroughApi, readStoreFile } from "./store-file-call";

export const PLATFORM_PATHS = "/api/platform/*";

export const createdStoreAnswer = z.object({
  store: importAnswer,
  key: z.string().describe("the store's first API key, `sk_…`: shown only here, only its hash is kept"),
  key_scope: z.literal("all"),
});

/** The platform key (decision 040): 403 where none is configured, 401 without it. */
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

/**
 * The platform's calls (decision 040), served at any host name, as they are for no store: creating a store from a
 * store file, with its first API key (scope all) written in the same batch and shown once in the answer.
 */
export const platformApi = new Hono<AppEnv>().post("/stores", async (c) => {
  const input = await readStoreFile(c.req.raw);
  const key = newStoreKey();
  const keyHash = await storeKeyHash(key);
  const store = await importThroughApi(c.env, input, {
    create: true,
    alsoWrite: (tenantId) => [insertStoreKey(tenantId, keyHash, "first key (platform API)", "all")],
  });
  return c.json({ store, key, key_scope: "all" as const }, 201, PRIVATE_ANSWER);
});
