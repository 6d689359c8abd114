import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import retail from "../../stores/retail.json";
import { reconcileAll } from "../../worker/order-life";
import { ID_RANGE } from "../../worker/placement/id-ranges";
import { importStore } from "../../worker/store-import/import-store";
import { storeTables } from "../../worker/store-moves/store-tables";
import { LEFT_COPY_GRACE_MS, tidyMoves } from "../../worker/store-moves/tidy-moves";
import { hostCacheKey } from "../../worker/tenancy/resolve-tenant";
import { call, newCustomer } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { cartOf, PANEER, placedOrder, shopperWithCart } from "./checkout-helpers";
import { getPage, jar, postForm } from "./page-session";
import { json, request } from "./request";
import { freshStoreFile, PLATFORM_KEY, platformEnv, storeApiCall } from "./store-api-helpers";
import { creditWallet } from "./wallet-credit";

/** The directory's entry of a store: its id and the store database that holds it. */
async function entryOf(slug: string) {
  return env.DIRECTORY.prepare("SELECT id, database FROM stores WHERE slug = ?1").bind(slug).first<{ id: number; database: string }>();
}

async function rowsIn(db: D1Database, table: string, storeId: number): Promise<number> {
  return (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?1`).bind(storeId).first<{ n: number }>())!.n;
}

async function moveCall(slug: string, database: string) {
  return storeApiCall("POST", `/api/platform/stores/${slug}/move`, PLATFORM_KEY, { database }, { bindings: await platformEnv() });
}

// Decision 061: a directory and store databases. The tests' Worker has DB and DB_2 (only DB open to new stores) and
// BEHIND_DB, a listed database without migrations (tests/worker/vitest.config.ts).
describe("store databases", () => {
  it("creates a store in the database named, serves it from there, and gives its rows ids from that database's range", async () => {
    const file = freshStoreFile("second-home");
    const made = await storeApiCall("POST", "/api/platform/stores?database=DB_2", PLATFORM_KEY, file, { bindings: await platformEnv() });
    expect(made.status).toBe(201);
    expect((await json<{ store: { database: string } }>(made)).store.database).toBe("DB_2");
    const entry = (await entryOf("second-home"))!;
    expect(entry.database).toBe("DB_2");
    expect(await rowsIn(env.DB_2, "products", entry.id)).toBe(file.products.length);
    expect(await rowsIn(env.DB, "products", entry.id)).toBe(0);

    const products = await request("second-home.localhost", "/api/get-products");
    expect(products.status).toBe(200);
    expect((await json<{ total: number }>(products)).total).toBe(file.products.length);
    const customer = await newCustomer("second-home.localhost");
    expect(customer.id).toBeGreaterThanOrEqual(ID_RANGE);
    expect(customer.id).toBeLessThan(2 * ID_RANGE);
    expect(await rowsIn(env.DB_2, "customers", entry.id)).toBe(1);
  });

  it("signs a store's demo customer in on the page and shows their addresses, from a database that is not DB", async () => {
    const file = { ...structuredClone(retail), slug: "retail-two", hostnames: ["retail-two.localhost"] };
    for (const customer of file.demo_customers) customer.email = customer.email.replace("@", "+two@");
    await importStore(env, file, { pepper: env.PASSWORD_PEPPER, database: "DB_2" });
    const jonas = file.demo_customers[0]!;
    const signIn = await postForm("/login", { login: jonas.email, password: jonas.password }, "", "retail-two.localhost");
    expect(signIn.status).toBe(303);
    const cookie = jar(signIn);
    expect(cookie).toMatch(/db_bookmark=DB_2:/);
    const page = await getPage("/account/addresses", cookie, "retail-two.localhost");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(jonas.addresses[0]!.label);
  });

  it("places a store created without a database in the open one with the fewest stores", async () => {
    const made = await storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, freshStoreFile("placed"), {
      bindings: await platformEnv(),
    });
    expect(made.status).toBe(201);
    // DB_2 holds fewer stores, but only DB is open to new ones here.
    expect((await entryOf("placed"))?.database).toBe("DB");
  });

  it("refuses a database that is not configured with 422 naming it, and creates nothing", async () => {
    const made = await storeApiCall("POST", "/api/platform/stores?database=DB_9", PLATFORM_KEY, freshStoreFile("nowhere"), {
      bindings: await platformEnv(),
    });
    expect(made.status).toBe(422);
    const body = await json<{ code: string; message: string; issues: { path: string }[] }>(made);
    expect(body).toMatchObject({ code: "unknown_database", issues: [{ path: "database" }] });
    expect(body.message).toContain("DB_9");
    expect(await entryOf("nowhere")).toBeNull();
  });

  it("answers 503 with a message, never 500, for a store whose database this deployment lacks or has not migrated", async () => {
    await env.DIRECTORY.batch([
      env.DIRECTORY.prepare(
        "INSERT INTO stores (id, slug, database, created_at) VALUES (9001, 'gone', 'DB_GONE', 0), (9002, 'behind', 'BEHIND_DB', 0)",
      ),
      env.DIRECTORY.prepare("INSERT INTO store_hosts (hostname, store_id) VALUES ('gone.localhost', 9001), ('behind.localhost', 9002)"),
    ]);
    for (const [host, words] of [
      ["gone.localhost", "DB_GONE) is not available"],
      ["behind.localhost", "being upgraded"],
    ] as const) {
      const apiAnswer = await request(host, "/api/get-data");
      expect(apiAnswer.status).toBe(503);
      expect(apiAnswer.headers.get("Retry-After")).toBe("30");
      const body = await json<{ code: string; message: string }>(apiAnswer);
      expect(body.code).toBe("store_unavailable");
      expect(body.message).toContain(words);
      const page = await request(host, "/");
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(words);
    }
  });

  it("lists every database with its stores and schema version for the platform", async () => {
    const answer = await storeApiCall("GET", "/api/platform/databases", PLATFORM_KEY, undefined, { bindings: await platformEnv() });
    expect(answer.status).toBe(200);
    const report = await json<{ schema_version: string; databases: { name: string; stores: number; schema_version: string }[] }>(answer);
    const byName = Object.fromEntries(report.databases.map((database) => [database.name, database]));
    expect(byName.DB?.schema_version).toBe(report.schema_version);
    expect(byName.DB_2?.schema_version).toBe(report.schema_version);
    expect(byName.BEHIND_DB?.schema_version).toBe("(none)");
    expect(byName.DB?.stores).toBeGreaterThanOrEqual(3);
  });

  it("runs the cron in every database, and one that fails does not stop the others", async () => {
    const run = await reconcileAll(env);
    expect(run.DB).toBe("ok");
    expect(run.DB_2).toBe("ok");
    expect(run.BEHIND_DB).toMatch(/being upgraded/);
  });
});

describe("moving a store", () => {
  it("fences every table of a store's rows: a write to a moving store's copy aborts, whatever table it is (decision 061)", async () => {
    const tables = await storeTables(env.DB);
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fence_%'").all<{
      name: string;
    }>();
    const triggers = new Set(results.map((row) => row.name));
    const unfenced = tables.flatMap((table) =>
      ["insert", "update", "delete"].map((write) => `fence_${write}_${table.name}`).filter((trigger) => !triggers.has(trigger)),
    );
    expect(unfenced).toEqual([]);
  });

  it("moves food to DB_2 with its orders, wallet, carts, sessions and keys; shoppers stay signed in", async () => {
    const food = (await entryOf("food"))!;
    const { token, order } = await placedOrder();
    const other = await shopperWithCart([[PANEER, 3]]);
    await creditWallet(food.id, other.id, "cash", 12_345);
    const key = await storeKey(food.id);
    const cartBefore = await cartOf(other.token);
    const walletOf = async (token: string) => json<{ wallet_balance: number }>(await call("/api/check-wallet", { method: "GET", token }));
    const walletBefore = await walletOf(other.token);
    expect(walletBefore.wallet_balance).toBeGreaterThan(0);
    const ordersBefore = await rowsIn(env.DB, "orders", food.id);

    const moved = await moveCall("food", "DB_2");
    expect(moved.status).toBe(200);
    const report = await json<{ from: string; to: string; rows: Record<string, number>; refusedMs: number }>(moved);
    expect(report).toMatchObject({ from: "DB", to: "DB_2" });
    expect(report.rows.orders).toBe(ordersBefore);
    expect((await entryOf("food"))?.database).toBe("DB_2");
    expect(await rowsIn(env.DB_2, "orders", food.id)).toBe(ordersBefore);

    // Signed in still, with the same order (same id) and cart, and the wallet's balance rebuilt from its entries.
    const single = await call(`/api/get-single-order?order_id=${order.id}`, { method: "GET", token });
    expect(single.status).toBe(200);
    expect(await cartOf(other.token)).toEqual(cartBefore);
    expect(await walletOf(other.token)).toEqual(walletBefore);
    expect((await adminCall("/keys", key)).status).toBe(200);
    // New writes go to DB_2.
    const added = await call("/api/cart/add", {
      token: other.token,
      body: { product_id: PANEER, quantity: 1, selected_attributes: {}, selected_multi_attributes: {} },
    });
    expect(added.status).toBe(201);

    // The old copy is frozen: a request still routed there by a stale cache reads, and its writes are refused 503.
    const stale = {
      id: food.id,
      slug: "food",
      database: "DB",
      markers: { settings: 0, layouts: 0, branches: 0, products: 0 },
      settings: {},
    };
    await env.KV.put(hostCacheKey("food.localhost"), JSON.stringify(stale));
    expect((await request("food.localhost", "/api/get-products")).status).toBe(200);
    const refused = await call("/api/cart/add", {
      token: other.token,
      body: { product_id: PANEER, quantity: 1, selected_attributes: {}, selected_multi_attributes: {} },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect((await json<{ code: string }>(refused)).code).toBe("store_moving");
    await expect(env.DB.prepare("DELETE FROM cart_items WHERE tenant_id = ?1").bind(food.id).run()).rejects.toThrow(/store_moving/);
    await env.KV.delete(hostCacheKey("food.localhost"));

    // Once no cache can route to it, the cron drops the old copy; the store in DB_2 is untouched.
    await tidyMoves(env, Date.now() + LEFT_COPY_GRACE_MS + 60_000);
    expect(await rowsIn(env.DB, "orders", food.id)).toBe(0);
    expect(await env.DB.prepare("SELECT id FROM tenants WHERE id = ?1").bind(food.id).first()).toBeNull();
    expect(await rowsIn(env.DB_2, "orders", food.id)).toBe(ordersBefore);
    expect((await request("food.localhost", "/api/get-products")).status).toBe(200);
    // A whole store copied, checked and dropped: on a loaded machine that is more than the default 5 s.
  }, 30_000);

  it("refuses a move to the database the store is in (409), to one not configured (422), and of no store (404)", async () => {
    expect((await moveCall("retail", "DB")).status).toBe(409);
    const unknown = await moveCall("retail", "DB_9");
    expect(unknown.status).toBe(422);
    expect((await json<{ code: string }>(unknown)).code).toBe("unknown_database");
    expect((await moveCall("no-such-store", "DB_2")).status).toBe(404);
    expect((await entryOf("retail"))?.database).toBe("DB");
  });
});
