import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeKeyHash } from "../../worker/admin/store-keys";
import { adminCall, storeKey } from "./admin-helpers";
import { json } from "./request";

interface KeyRow {
  id: number;
  label: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const idOf = async (key: string) =>
  (await env.DB.prepare("SELECT id FROM store_api_keys WHERE key_hash = ?1")
    .bind(await storeKeyHash(key))
    .first<{ id: number }>())!.id;

describe("GET /api/admin/keys", () => {
  it("lists the store's keys, live and revoked, never a key nor its hash, and none of another store's", async () => {
    const key = await storeKey(1, "front desk");
    const kitchen = await storeKey(1, "kitchen", "orders");
    await storeKey(2, "retail's own");
    await adminCall(`/keys/${await idOf(kitchen)}/revoke`, key, { method: "POST" });
    const answer = await adminCall("/keys", key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const text = await answer.text();
    const { keys } = JSON.parse(text) as { keys: KeyRow[] };
    expect(keys.find((row) => row.label === "front desk")).toMatchObject({ id: await idOf(key), scope: "all", revoked_at: null });
    expect(keys.find((row) => row.label === "front desk")!.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(keys.find((row) => row.label === "kitchen")).toMatchObject({ scope: "orders", revoked_at: expect.stringMatching(/^\d{4}-/) });
    expect(keys.some((row) => row.label === "retail's own")).toBe(false);
    for (const row of keys) expect(Object.keys(row).sort()).toEqual(["created_at", "id", "label", "last_used_at", "revoked_at", "scope"]);
    const hashes = (await env.DB.prepare("SELECT key_hash FROM store_api_keys").all<{ key_hash: string }>()).results;
    expect(text).not.toContain("sk_");
    for (const { key_hash } of hashes) expect(text).not.toContain(key_hash);
  });

  it("is for keys of scope all only: orders and store keys are 403", async () => {
    for (const scope of ["orders", "store"] as const) {
      const narrow = await storeKey(1, scope, scope);
      const answers = [
        await adminCall("/keys", narrow),
        await adminCall("/keys", narrow, { method: "POST", body: { label: "more", scope: "all" } }),
        await adminCall(`/keys/${await idOf(narrow)}/revoke`, narrow, { method: "POST" }),
      ];
      for (const answer of answers) {
        expect(answer.status, scope).toBe(403);
        expect(await json(answer)).toMatchObject({ code: "forbidden", message: expect.stringContaining("scope all") });
      }
      // Nothing was revoked by the refused call.
      expect((await adminCall("/go-live", narrow)).status).toBe(200);
    }
  });
});

describe("POST /api/admin/keys", () => {
  it("makes a key of a scope, shown once, that opens its calls at once", async () => {
    const key = await storeKey();
    const answer = await adminCall("/keys", key, { method: "POST", body: { label: " Kitchen screen ", scope: "orders" } });
    expect(answer.status).toBe(201);
    const made = await json<KeyRow & { key: string }>(answer);
    expect(made).toMatchObject({ label: "Kitchen screen", scope: "orders", last_used_at: null, revoked_at: null });
    expect(made.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("SELECT key_hash, tenant_id FROM store_api_keys WHERE id = ?1").bind(made.id).first();
    expect(stored).toEqual({ key_hash: await storeKeyHash(made.key), tenant_id: 1 });
    expect((await adminCall("/orders", made.key)).status).toBe(200);
    expect((await adminCall("/keys", made.key)).status).toBe(403);
  });

  it("refuses a scope that is none, and a label over 80 characters or with control characters, with 400", async () => {
    const key = await storeKey();
    expect((await adminCall("/keys", key, { method: "POST", body: { scope: "everything" } })).status).toBe(400);
    expect((await adminCall("/keys", key, { method: "POST", body: { label: "x".repeat(81) } })).status).toBe(400);
    expect((await adminCall("/keys", key, { method: "POST", body: { label: "front\u0000desk" } })).status).toBe(400);
  });
});

describe("POST /api/admin/keys/:id/revoke", () => {
  it("revokes a key: its very next call is 401; again changes nothing", async () => {
    const key = await storeKey();
    const other = await storeKey(1, "to revoke", "store");
    expect((await adminCall("/go-live", other)).status).toBe(200);
    const answer = await adminCall(`/keys/${await idOf(other)}/revoke`, key, { method: "POST" });
    expect(answer.status).toBe(200);
    const revoked = await json<KeyRow>(answer);
    expect(revoked).toMatchObject({
      id: await idOf(other),
      label: "to revoke",
      scope: "store",
      revoked_at: expect.stringMatching(/^\d{4}-/),
    });
    const refused = await adminCall("/go-live", other);
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ code: "unauthenticated" });
    const again = await adminCall(`/keys/${revoked.id}/revoke`, key, { method: "POST" });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(revoked);
  });

  it("is 404 for another store's key, which stays live, and for an id no key has", async () => {
    const key = await storeKey();
    const retailKey = await storeKey(2);
    for (const id of [await idOf(retailKey), 987654321]) {
      const answer = await adminCall(`/keys/${id}/revoke`, key, { method: "POST" });
      expect(answer.status).toBe(404);
      expect(await json(answer)).toMatchObject({ code: "key_not_found" });
    }
    expect((await adminCall("/go-live", retailKey, { host: "retail.localhost" })).status).toBe(200);
    expect((await adminCall("/keys/first/revoke", key, { method: "POST" })).status).toBe(400);
  });

  it("lets a key revoke itself", async () => {
    const key = await storeKey();
    expect((await adminCall(`/keys/${await idOf(key)}/revoke`, key, { method: "POST" })).status).toBe(200);
    expect((await adminCall("/keys", key)).status).toBe(401);
  });
});
