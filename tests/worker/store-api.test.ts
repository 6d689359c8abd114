import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateStore } from "../../scripts/generate-store";
import food from "../../stores/food.json";
import { storeKeyHash } from "../../worker/admin/store-keys";
import type { Env } from "../../worker/env";
import { STORE_FILE_LIMIT_BYTES } from "../../worker/http/body-limits";
import { storeKey } from "./admin-helpers";
import { json, request } from "./request";
import { freshStoreFile, PLATFORM_KEY, platformEnv, storeApiCall, watchedDb } from "./store-api-helpers";

interface Refusal {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

const productNames = async (host: string) =>
  (await json<{ data: { name: string }[] }>(await request(host, "/api/get-products?per_page=48"))).data.map((p) => p.name);

const tenantId = async (slug: string) =>
  (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())?.id ?? null;

/** A new product for the food store: its first product under a new id and slug. */
const newDish = (name: string) => ({ ...structuredClone(food.products[0]!), id: 9001, name, slug: name.toLowerCase().replace(/ /g, "-") });

/** A body just over the limit, made of a valid JSON string, so only its size can refuse it. */
const oversized = () => `"${"x".repeat(STORE_FILE_LIMIT_BYTES)}"`;

describe("POST /api/platform/stores", () => {
  it("creates a store with its first key, served at its host on the next request, at any host name", async () => {
    const bindings = await platformEnv();
    const file = freshStoreFile("api-made");
    const response = await storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, file, { host: "platform.localhost", bindings });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const created = await json<{ store: { store_id: number; slug: string; hostnames: string[] }; key: string; key_scope: string }>(
      response,
    );
    expect(created.store).toMatchObject({ slug: "api-made", hostnames: ["api-made.localhost"] });
    expect(created.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.key_scope).toBe("all");
    // Only the key's hash is kept, as the store's, with scope all.
    const row = await env.DB.prepare("SELECT tenant_id, scope FROM store_api_keys WHERE key_hash = ?1")
      .bind(await storeKeyHash(created.key))
      .first<{ tenant_id: number; scope: string }>();
    expect(row).toEqual({ tenant_id: created.store.store_id, scope: "all" });
    const home = await request("api-made.localhost", "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Welcome to your store!");
    // The key it issued opens the new store.
    const replaced = await storeApiCall("PUT", "/api/admin/store", created.key, file, { host: "api-made.localhost" });
    expect(replaced.status).toBe(200);
  });

  it("refuses without the platform key, with a store key, and when the Worker has no platform key", async () => {
    const bindings = await platformEnv();
    const file = freshStoreFile("never-made");
    for (const key of [null, "pk_wrong", PLATFORM_KEY.slice(0, -1), await storeKey(1)]) {
      const response = await storeApiCall("POST", "/api/platform/stores", key, file, { bindings });
      expect(response.status, String(key)).toBe(401);
      expect(await json<Refusal>(response)).toMatchObject({ code: "unauthenticated" });
    }
    const unset = await storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, file, {
      bindings: { ...env, PLATFORM_KEY_SHA256: "" } as Env,
    });
    expect(unset.status).toBe(403);
    expect(await json<Refusal>(unset)).toMatchObject({ code: "not_configured" });
    expect(await tenantId("never-made")).toBeNull();
  });

  it("refuses a malformed, invalid, oversized or taken file, and creates nothing", async () => {
    const bindings = await platformEnv();
    const call = (body: unknown) => storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, body, { bindings });
    const malformed = await call('{"slug": "half-made", ');
    expect(malformed.status).toBe(400);
    expect((await json<Refusal>(malformed)).message).toMatch(/^The store file is not readable JSON/);

    const invalid = freshStoreFile("half-made");
    (invalid.settings as Record<string, unknown>).decimalPlaces = "seven";
    const refused = await call({ ...invalid, branches: [] });
    expect(refused.status).toBe(422);
    const body = await json<Refusal>(refused);
    expect(body.code).toBe("invalid_store_file");
    expect(body.message).toMatch(/^The store file was not imported:/);
    expect(body.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(["branches", "settings.decimalPlaces"]));

    expect((await call(oversized())).status).toBe(413);
    const taken = await call({ ...freshStoreFile("half-made"), slug: "food" });
    expect(taken.status).toBe(409);
    expect(await json<Refusal>(taken)).toMatchObject({ code: "store_exists" });
    const takenHost = await call({ ...freshStoreFile("half-made"), hostnames: ["food.localhost"] });
    expect(takenHost.status).toBe(422);
    expect((await json<Refusal>(takenHost)).issues).toEqual([
      { path: "hostnames[0]", message: 'food.localhost already belongs to the store "food"' },
    ]);
    expect(await tenantId("half-made")).toBeNull();
  });
});

describe("creating two stores at once", () => {
  it("never merges them: each created store is whole at its own host, a loser of the race changed nothing", async () => {
    const bindings = await platformEnv();
    const slugs = ["race-one", "race-two"];
    const answers = await Promise.all(
      slugs.map((slug) => storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, freshStoreFile(slug), { bindings })),
    );
    expect(answers.map((a) => a.status).every((status) => status === 201 || status === 503)).toBe(true);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    for (const [i, slug] of slugs.entries()) {
      const id = await tenantId(slug);
      if (answers[i]!.status !== 201) {
        expect(id).toBeNull();
        continue;
      }
      const host = await env.DB.prepare("SELECT tenant_id FROM tenant_hosts WHERE hostname = ?1")
        .bind(`${slug}.localhost`)
        .first<{ tenant_id: number }>();
      expect(host?.tenant_id).toBe(id);
    }
  });
});

describe("PUT /api/admin/store", () => {
  it("replaces the store whole, and shoppers see the new product on their next request", async () => {
    const key = await storeKey(1);
    expect(await productNames("food.localhost")).not.toContain("Tandoori Broccoli"); // a cached copy now exists
    const response = await storeApiCall("PUT", "/api/admin/store", key, {
      ...food,
      products: [...food.products, newDish("Tandoori Broccoli")],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(response)).toMatchObject({ slug: "food", products: food.products.length + 1 });
    expect(await productNames("food.localhost")).toContain("Tandoori Broccoli");
    expect((await request("food.localhost", "/product/tandoori-broccoli")).status).toBe(200);
  });

  it("refuses a wrong key, another store's, a key of the orders scope, and an orders call with a store-scoped key", async () => {
    for (const key of [null, "sk_wrong", `sk_${"b".repeat(43)}`, await storeKey(2)]) {
      const response = await storeApiCall("PUT", "/api/admin/store", key, food);
      expect(response.status, String(key)).toBe(401);
      expect(await json<Refusal>(response)).toMatchObject({ code: "unauthenticated" });
    }
    const ordersKey = await storeKey(1);
    await env.DB.prepare("UPDATE store_api_keys SET scope = 'orders' WHERE key_hash = ?1")
      .bind(await storeKeyHash(ordersKey))
      .run();
    const refused = await storeApiCall("PUT", "/api/admin/store", ordersKey, food);
    expect(refused.status).toBe(403);
    expect(await json<Refusal>(refused)).toMatchObject({ code: "forbidden" });
    expect((await storeApiCall("GET", "/api/admin/orders", ordersKey, undefined)).status).toBe(200);

    const storeOnly = await storeKey(1);
    await env.DB.prepare("UPDATE store_api_keys SET scope = 'store' WHERE key_hash = ?1")
      .bind(await storeKeyHash(storeOnly))
      .run();
    expect((await storeApiCall("GET", "/api/admin/orders", storeOnly, undefined)).status).toBe(403);
    expect((await storeApiCall("PUT", "/api/admin/store", storeOnly, food)).status).toBe(200);
  });

  it("refuses a malformed, invalid, oversized or other store's file, naming the field, and changes nothing", async () => {
    const key = await storeKey(1);
    const before = await productNames("food.localhost");
    expect((await storeApiCall("PUT", "/api/admin/store", key, "{ not json")).status).toBe(400);
    expect((await storeApiCall("PUT", "/api/admin/store", key, oversized())).status).toBe(413);

    const badPrice = structuredClone(food);
    (badPrice.products[2] as { selling_price: unknown }).selling_price = 10.005;
    badPrice.products[0]!.name = "Renamed Paneer";
    const refused = await storeApiCall("PUT", "/api/admin/store", key, badPrice);
    expect(refused.status).toBe(422);
    expect((await json<Refusal>(refused)).issues).toEqual([
      { path: "products[2].selling_price", message: "10.005 has more than 2 decimal places for this store's currency" },
    ]);

    const otherStore = await storeApiCall("PUT", "/api/admin/store", key, { ...freshStoreFile("retail"), hostnames: ["food.localhost"] });
    expect(otherStore.status).toBe(422);
    expect((await json<Refusal>(otherStore)).issues).toEqual([{ path: "slug", message: 'must be this store\'s slug "food"' }]);
    expect(await productNames("food.localhost")).toEqual(before);
  });

  it("leaves the old store whole when its batch fails halfway", async () => {
    const key = await storeKey(1);
    const before = await productNames("food.localhost");
    // The batch runs the file's statements, then one that fails: D1 must roll all of them back.
    const failing = new Proxy(env.DB, {
      get(target, name) {
        if (name === "batch") {
          return (statements: D1PreparedStatement[]) => {
            const half = Math.floor(statements.length / 2);
            return target.batch([
              ...statements.slice(0, half),
              target.prepare("INSERT INTO no_such_table VALUES (1)"),
              ...statements.slice(half),
            ]);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const file = { ...food, products: [...food.products, newDish("Half Applied Dish")] };
    const response = await storeApiCall("PUT", "/api/admin/store", key, file, { bindings: { ...env, DB: failing } as Env });
    expect(response.status).toBe(503);
    expect(await json<Refusal>(response)).toMatchObject({ code: "import_failed" });
    expect(await productNames("food.localhost")).toEqual(before);
  });
});

describe("PUT /api/admin/store/:section", () => {
  it("replaces one section, merged into the last file, and checks the whole store", async () => {
    const key = await storeKey(1);
    const products = [...food.products, newDish("Smoked Corn")];
    const response = await storeApiCall("PUT", "/api/admin/store/products", key, products);
    expect(response.status).toBe(200);
    expect(await productNames("food.localhost")).toContain("Smoked Corn");

    const settings = await storeApiCall("PUT", "/api/admin/store/settings", key, { ...food.settings, storeName: "Spice Route API" });
    expect(settings.status).toBe(200);
    expect(await (await request("food.localhost", "/")).text()).toContain("Spice Route API");
    // The products sent before are still there: the section was merged into the file the last import kept.
    expect(await productNames("food.localhost")).toContain("Smoked Corn");

    const dangling = await storeApiCall("PUT", "/api/admin/store/products", key, [
      ...products,
      { ...newDish("Lost Dish"), id: 9002, category_id: 999_999 },
    ]);
    expect(dangling.status).toBe(422);
    expect((await json<Refusal>(dangling)).issues).toEqual([
      { path: `products[${products.length}].category_id`, message: "no category has id 999999" },
    ]);
    expect((await storeApiCall("PUT", "/api/admin/store/slug", key, "other")).status).toBe(400);
    expect((await storeApiCall("PUT", "/api/admin/store/products", key, "[{")).status).toBe(400);
    expect((await storeApiCall("PUT", "/api/admin/store/products", key, oversized())).status).toBe(413);
    expect((await storeApiCall("PUT", "/api/admin/store/products", await storeKey(2), products)).status).toBe(401);
  });

  it("refuses a layout setting nested too deep or too large, naming it, and the store's data still reads", async () => {
    const key = await storeKey(1);
    const deep = `${'{"a":'.repeat(6000)}1${"}".repeat(6000)}`;
    // The home's layout with its first element's settings as given, written out as JSON (too deep for JSON.stringify).
    const first = JSON.stringify({ ...food.layout[0], settings: {} });
    const layout = (settings: string) =>
      `[${first.replace('"settings":{}', `"settings":${settings}`)},${food.layout.slice(1).map((e) => JSON.stringify(e))}]`;
    for (const [settings, message] of [
      [deep, "must nest at most 8 levels deep"],
      [JSON.stringify({ note: "x".repeat(17 * 1024) }), "must be at most 16 KB as JSON"],
    ] as const) {
      const refused = await storeApiCall("PUT", "/api/admin/store/layout", key, layout(settings));
      expect(refused.status).toBe(422);
      expect((await json<Refusal>(refused)).issues).toEqual([{ path: "layout[0].settings", message }]);
    }
    expect((await storeApiCall("PUT", "/api/admin/store/layout", key, layout(`${'{"a":'.repeat(7)}1${"}".repeat(7)}`))).status).toBe(200);
    expect((await request("food.localhost", "/api/get-data")).status).toBe(200);
  });

  it("asks for the whole file first when the store has none on record", async () => {
    const key = await storeKey(2);
    await env.DB.prepare("DELETE FROM store_files WHERE tenant_id = 2").run();
    const response = await storeApiCall("PUT", "/api/admin/store/products", key, [], { host: "retail.localhost" });
    expect(response.status).toBe(409);
    expect(await json<Refusal>(response)).toMatchObject({ code: "no_store_file" });
  });
});

describe("a 10,000-product store through the API", () => {
  it("creates and replaces it within D1's limits: one batch, few statements, small parameters", async () => {
    const file = generateStore({ products: 10_000, slug: "api-10k", hostnames: ["api-10k.localhost"] });
    const body = JSON.stringify(file);
    expect(body.length).toBeLessThan(STORE_FILE_LIMIT_BYTES);

    const bindings = await platformEnv();
    const created = watchedDb(env.DB);
    const started = Date.now();
    const response = await storeApiCall("POST", "/api/platform/stores", PLATFORM_KEY, body, { bindings: { ...bindings, DB: created.db } });
    const createMs = Date.now() - started;
    expect(response.status).toBe(201);
    const { key } = await json<{ key: string }>(response);

    const replaced = watchedDb(env.DB);
    const again = await storeApiCall("PUT", "/api/admin/store", key, body, {
      host: "api-10k.localhost",
      bindings: { ...env, DB: replaced.db } as Env,
    });
    expect(again.status).toBe(200);

    const utf8 = new TextEncoder();
    for (const seen of [created, replaced]) {
      // D1 (Workers Paid): 1,000 queries per invocation, 100 bound parameters and 100 KB of SQL per statement, 2 MB per
      // value; the import writes in one batch (one transaction).
      expect(seen.statements.length).toBeLessThan(100);
      // Every write is in one batch; any other is a read (the store's lookup by host name).
      const writes = seen.batches.filter((batch) => batch.length > 2);
      expect(writes).toHaveLength(1);
      for (const statement of seen.statements) {
        expect(statement.params.length).toBeLessThanOrEqual(100);
        expect(utf8.encode(statement.sql).length).toBeLessThan(100_000);
        for (const param of statement.params) expect(utf8.encode(String(param)).length).toBeLessThan(2_000_000);
      }
    }
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE tenant_id = ?1")
      .bind(await tenantId("api-10k"))
      .first<{ n: number }>();
    expect(count?.n).toBe(10_000);
    console.log(
      `10,000 products: ${(body.length / 1e6).toFixed(1)} MB; create ${created.statements.length} statements (largest batch ${Math.max(...created.batches.map((b) => b.length))}) in ${createMs} ms; replace ${replaced.statements.length} statements (largest batch ${Math.max(...replaced.batches.map((b) => b.length))})`,
    );
  }, 120_000);
});
