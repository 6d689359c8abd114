import { spawnSync } from "node:child_process";
import { get } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_PORT, PERSIST_DIR } from "./helpers";

/**
 * `npm run store:api-key` lists and revokes a store's keys (decision 059): in the suite's database as it makes them,
 * and through the served store's API with --remote --url --key, as against a deployment. A revoked key is refused on
 * its very next call.
 */
const STORE = "retail";
const HOST = "retail.localhost";
const local = ["--store", STORE, "--persist-to", PERSIST_DIR];
const remote = (key: string) => ["--remote", "--url", `http://127.0.0.1:${BASE_PORT}`, "--host", HOST, "--key", key];

function storeApiKey(args: string[]) {
  const run = spawnSync("npm", ["run", "--silent", "store:api-key", "--", ...args], { encoding: "utf8" });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** Makes a key in the suite's database; answers it and its id. */
function makeKey(label: string, scope: string): { key: string; id: number } {
  const made = storeApiKey([...local, "--label", label, "--scope", scope]);
  expect(made.status, made.err).toBe(0);
  const id = Number(/^API key (\d+) \(scope /m.exec(made.out)?.[1]);
  const key = made.out.trim().split("\n").at(-1)!;
  expect(key).toMatch(/^sk_/);
  return { key, id };
}

/**
 * GET /api/admin/go-live with `key`: its status. On a connection of its own (no agent): the CLI runs block this process
 * for longer than the server keeps an idle connection, so a kept one could be closed under the next call.
 */
function ownerCall(key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { Host: `${HOST}:${BASE_PORT}`, Authorization: `Bearer ${key}` };
    get({ host: "127.0.0.1", port: BASE_PORT, path: "/api/admin/go-live", headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
  });
}

let admin = { key: "", id: 0 };
let kitchen = { key: "", id: 0 };
let shelf = { key: "", id: 0 };
beforeAll(() => {
  admin = makeKey("keys e2e admin", "all");
  kitchen = makeKey("keys e2e kitchen", "orders");
  shelf = makeKey("keys e2e shelf", "store");
}, 60_000);

/** The line a list prints for a key: id, scope, made, last used, revoked, label. */
const listed = (id: number, scope: string, revoked: "live" | "revoked", label: string) =>
  new RegExp(`^${id} +${scope} +\\d{4}-\\S+ +(never|\\d{4}-\\S+) +${revoked === "live" ? "live" : "\\d{4}-\\S+"} +${label}$`, "m");

describe("npm run store:api-key", () => {
  it("--list shows the store's keys without a secret, locally and through the API", async () => {
    expect(await ownerCall(kitchen.key)).toBe(200);
    for (const args of [local, remote(admin.key)]) {
      const list = storeApiKey([...args, "--list"]);
      expect(list.status, list.err).toBe(0);
      expect(list.out).toMatch(listed(admin.id, "all", "live", "keys e2e admin"));
      expect(list.out).toMatch(listed(kitchen.id, "orders", "live", "keys e2e kitchen"));
      expect(list.out).not.toContain("sk_");
    }
    // Only a key of scope all manages keys.
    const refused = storeApiKey([...remote(kitchen.key), "--list"]);
    expect(refused.status).toBe(1);
    expect(refused.err).toContain("answered 403 forbidden");
  });

  it("--revoke through the API: the key's very next call is 401, and the list says so", async () => {
    const revoked = storeApiKey([...remote(admin.key), "--revoke", String(kitchen.id)]);
    expect(revoked.status, revoked.err).toBe(0);
    expect(revoked.out).toContain(`API key ${kitchen.id} (scope orders) "keys e2e kitchen" is revoked`);
    expect(await ownerCall(kitchen.key)).toBe(401);
    expect(storeApiKey([...local, "--list"]).out).toMatch(listed(kitchen.id, "orders", "revoked", "keys e2e kitchen"));
    // Another store's key, or none, is not found.
    const missing = storeApiKey([...remote(admin.key), "--revoke", "987654321"]);
    expect(missing.status).toBe(1);
    expect(missing.err).toContain("No API key 987654321");
  });

  it("--revoke in the database: refused at once too", async () => {
    expect(await ownerCall(shelf.key)).toBe(200);
    const revoked = storeApiKey([...local, "--revoke", String(shelf.id)]);
    expect(revoked.status, revoked.err).toBe(0);
    expect(await ownerCall(shelf.key)).toBe(401);
    expect(await ownerCall(admin.key)).toBe(200);
  });
});
