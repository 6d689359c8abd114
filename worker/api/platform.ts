import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { insertStoreKey, newStoreKey, storeKeyHash } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { ApiError, verbatim } from "../http/errors";
import { databaseReport } from "../placement/database-report";
import { DatabaseUnavailableError, UnknownDatabaseError } from "../placement/store-databases";
import { MoveRefusedError, moveStore } from "../store-moves/move-store";
import { PRIVATE_ANSWER } from "./private-answer";
import { importAnswer, importThroughApi, readStoreFile } from "./store-file-call";
import { validate } from "./validate";

export const PLATFORM_PATHS = "/api/platform/*";

export const createdStoreAnswer = z.object({
  store: importAnswer,
  key: z.string().check(z.describe("the store's first API key, `sk_…`: shown only here, only its hash is kept")),
  key_scope: z.literal("all"),
});

export const createStoreQuery = z.object({
  database: z
    .optional(z.string().check(z.maxLength(32)))
    .check(z.describe("the store database to place the store in (decision 061); unset, the one open to new stores with the fewest")),
});

export const storeSlugParam = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(64), z.describe("the store's slug")) });

export const moveStoreInput = z.object({
  database: z
    .string()
    .check(z.minLength(1), z.maxLength(32), z.describe("the configured store database to move the store to (its binding, e.g. DB_2)")),
});

export const moveStoreAnswer = z.object({
  store: z.string(),
  from: z.string().check(z.describe("the database the store was in")),
  to: z.string().check(z.describe("the database it is in now")),
  rows: z.record(z.string(), z.number().check(z.int())).check(z.describe("rows copied, by table")),
  refusedMs: z.number().check(z.int(), z.describe("milliseconds the store's writes were refused (503 store_moving) while it switched")),
  totalMs: z.number().check(z.int()),
  roundTrips: z.number().check(z.int(), z.describe("calls to the databases while the writes were refused: what distance multiplies")),
});

/**
 * The platform's calls (decision 040), served at any host name, as they are for no store: creating a store from a
 * store file, with its first API key (scope all) written in the same batch and shown once in the answer.
 */
export const platformApi = new Hono<AppEnv>()
  .post("/stores", validate("query", createStoreQuery), async (c) => {
    const { database } = c.req.valid("query");
    const input = await readStoreFile(c.req.raw);
    const key = newStoreKey();
    const keyHash = await storeKeyHash(key);
    const store = await importThroughApi(c.env, input, {
      create: true,
      database,
      alsoWrite: (tenantId) => [insertStoreKey(tenantId, keyHash, "first key (platform API)", "all")],
    });
    return c.json({ store, key, key_scope: "all" as const }, 201, PRIVATE_ANSWER);
  })
  .post("/stores/:slug/move", validate("param", storeSlugParam), validate("json", moveStoreInput), async (c) => {
    const { slug } = c.req.valid("param");
    const { database } = c.req.valid("json");
    try {
      return c.json(await moveStore(c.env, slug, database), 200, PRIVATE_ANSWER);
    } catch (error) {
      if (error instanceof MoveRefusedError) throw new ApiError(error.status, error.code, verbatim(error.message));
      if (error instanceof UnknownDatabaseError) {
        throw new ApiError(422, "unknown_database", verbatim(error.message), [{ path: "database", message: error.message }]);
      }
      if (error instanceof DatabaseUnavailableError)
        throw new ApiError(503, "store_unavailable", verbatim(error.message), undefined, { "Retry-After": "30" });
      console.error("store move failed", slug, database, error);
      throw new ApiError(503, "move_failed", message("errors.move_failed"), undefined, {
        "Retry-After": "30",
      });
    }
  })
  .get("/databases", async (c) => c.json(await databaseReport(c.env), 200, PRIVATE_ANSWER));
