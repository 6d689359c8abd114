import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { KEY_SCOPES } from "../../commerce/store-actor";
import { CONTROL_CHARACTER_MESSAGE, ONE_LINE } from "../../commerce/typed-text";
import * as z from "../../commerce/zod";
import { listStoreKeys, makeStoreKey, revokeStoreKey, type StoreKeyRow } from "../admin/store-keys";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const storeKeyAnswer = z.object({
  id: z.number().check(z.int(), z.describe("the key's id, which the CLI and revoke name it by")),
  label: z.string(),
  scope: z.enum(KEY_SCOPES).check(z.describe("all, orders or store (decision 040)")),
  created_at: z.string().check(z.describe("ISO 8601")),
  last_used_at: z.nullable(z.string()).check(z.describe("the last call made with it, ISO 8601; null if never used")),
  revoked_at: z.nullable(z.string()).check(z.describe("when it was revoked, ISO 8601; null while it is live")),
});
export type StoreKeyAnswer = z.infer<typeof storeKeyAnswer>;

export const storeKeysAnswer = z.object({
  keys: z.array(storeKeyAnswer).check(z.describe("every key of the store, live and revoked, oldest first")),
});

export const madeKeyAnswer = z.extend(storeKeyAnswer, {
  key: z.string().check(z.describe("the new key, `sk_…`: shown only here, only its hash is kept")),
});

const keyBody = z.object({
  label: z._default(z.string().check(z.trim(), z.maxLength(80), z.regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE)), ""),
  scope: z._default(z.enum(KEY_SCOPES), "all"),
});

/** A key row as the API answers it (times in ISO 8601), and as the CLI prints it. */
export function keyAnswer(row: StoreKeyRow): StoreKeyAnswer {
  return { ...row, created_at: when(row.created_at)!, last_used_at: when(row.last_used_at), revoked_at: when(row.revoked_at) };
}

/**
 * The store's API keys through its own API (decision 059), for keys of scope all only (worker/http/owner-scopes.ts):
 * listed without their secrets, made (shown once), and revoked. A key may revoke itself; a store without a live key
 * gets one from the CLI (`npm run store:api-key`, which writes D1 directly).
 */
export const adminKeysApi = new Hono<AppEnv>()
  .get("/keys", async (c) => c.json({ keys: (await listStoreKeys(c.env.DB, c.var.tenant.id)).map(keyAnswer) }, 200, PRIVATE_ANSWER))
  .post("/keys", validate("json", keyBody), async (c) => {
    const { label, scope } = c.req.valid("json");
    const { key, row } = await makeStoreKey(c.env.DB, c.var.tenant.id, label, scope);
    return c.json({ ...keyAnswer(row), key }, 201, PRIVATE_ANSWER);
  })
  .post(
    "/keys/:id/revoke",
    validate("param", z.object({ id: z.coerce.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)) })),
    async (c) => {
      const row = await revokeStoreKey(c.env.DB, c.var.tenant.id, c.req.valid("param").id);
      if (!row) throw new ApiError(404, "key_not_found", message("errors.key_not_found"));
      return c.json(keyAnswer(row), 200, PRIVATE_ANSWER);
    },
  );
