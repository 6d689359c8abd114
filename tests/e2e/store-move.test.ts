import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiOk, storeApi } from "./api-steps";
import { BASE_PORT, DEMO_PLATFORM_KEY, PERSIST_DIR } from "./helpers";

/**
 * The README's "Where each store lives" (decision 061), against the served demo: the databases and their schema
 * versions, and `npm run store:move` locally and through the platform API with a shopper's cart kept across both moves.
 * A store of its own is moved, so no other test's store is ever briefly refusing writes.
 */
const HOST = "mover.localhost";
const platform = { Authorization: `Bearer ${DEMO_PLATFORM_KEY}` };

interface DatabaseReport {
  schema_version: string;
  directory: { schema_version: string };
  databases: { name: string; stores: number; schema_version: string }[];
}

function storeMove(args: string[]) {
  const run = spawnSync("npm", ["run", "--silent", "store:move", "--", ...args], { encoding: "utf8" });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

async function databases(): Promise<Record<string, { stores: number; schema_version: string }>> {
  const report = await apiOk<DatabaseReport>(storeApi("GET", "/api/platform/databases", platform, undefined, true), 200);
  expect(report.directory.schema_version).toMatch(/^0001_/);
  return Object.fromEntries(report.databases.map((database) => [database.name, database]));
}

async function cartLines(guest: string): Promise<{ product_id: number; quantity: number }[]> {
  const cart = await apiOk<{ cartItems: { product_id: number; quantity: number }[] }>(
    storeApi("GET", "/api/get-cart", { Host: HOST, "guest-id": guest }, undefined, true),
    200,
  );
  return cart.cartItems.map(({ product_id, quantity }) => ({ product_id, quantity }));
}

describe("where each store lives (README)", () => {
  it("the demo's store databases report one schema version, with food and retail in different ones", async () => {
    const report = await apiOk<DatabaseReport>(storeApi("GET", "/api/platform/databases", platform, undefined, true), 200);
    expect(report.databases.map((database) => database.schema_version)).toEqual([report.schema_version, report.schema_version]);
    const rows = await databases();
    expect(rows.DB?.stores).toBeGreaterThanOrEqual(2);
    expect(rows.DB_2?.stores).toBeGreaterThanOrEqual(1);
  });

  it("npm run store:move moves a store there and back, locally and through the API, and a guest keeps their cart", async () => {
    const file = { ...JSON.parse(readFileSync("stores/retail.json", "utf8")), slug: "mover", hostnames: [HOST], demo_customers: [] };
    const made = await storeApi("POST", "/api/platform/stores?database=DB", platform, file, true);
    expect([201, 409]).toContain(made.status);
    const guest = crypto.randomUUID().replaceAll("-", "");
    // The Long Sleeve Henley: a product without options.
    await apiOk(storeApi("POST", "/api/cart/add", { Host: HOST, "guest-id": guest }, { product_id: 4, quantity: 2 }, true), 201);
    const before = await cartLines(guest);
    const from = (await databases()).DB!.stores;

    const local = storeMove(["mover", "DB_2", "--persist-to", PERSIST_DIR]);
    expect(local.status, local.err).toBe(0);
    expect(local.out).toMatch(/^Moved "mover" from DB to DB_2: \d+ rows in \d+ ms; its writes were refused for \d+ ms\.$/m);
    expect((await databases()).DB!.stores).toBe(from - 1);
    expect(await cartLines(guest)).toEqual(before);
    await apiOk(storeApi("POST", "/api/cart/add", { Host: HOST, "guest-id": guest }, { product_id: 4, quantity: 1 }, true), 201);

    const again = storeMove(["mover", "DB_2", "--persist-to", PERSIST_DIR]);
    expect(again.status).toBe(1);
    expect(again.err).toContain("already in DB_2");

    const remote = storeMove(["mover", "DB", "--remote", "--url", `http://127.0.0.1:${BASE_PORT}`, "--platform-key", DEMO_PLATFORM_KEY]);
    expect(remote.status, remote.err).toBe(0);
    expect(remote.out).toMatch(/^Moved "mover" from DB_2 to DB: /m);
    expect((await databases()).DB!.stores).toBe(from);
    expect(await cartLines(guest)).toEqual([{ product_id: 4, quantity: 3 }]);
    // Three runs of the CLI, each a process that starts tsx and, locally, wrangler: 13 to 31 s on the shared 2-core
    // machine, past the suite's 30 s for one test.
  }, 90_000);
});
