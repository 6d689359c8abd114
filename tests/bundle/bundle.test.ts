import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { importStore } from "../../worker/store-import/import-store";

let mf: Miniflare;

/** Where Cloudflare places a visitor standing by the food store's Indiranagar kitchen. */
const INDIRANAGAR = { latitude: "12.9719", longitude: "77.6412" };

/** The variables a deploy uploads: wrangler.toml's `vars` (`.dev.vars` never leaves the machine). */
const deployedVars = unstable_readConfig({ config: "wrangler.toml" }).vars as Record<string, string>;

/** The statements of one migration file, without comments; a trigger's body (BEGIN … END;) stays whole. */
function migrationStatements(dir: string, file: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inTrigger = false;
  for (const line of readFileSync(`${dir}/${file}`, "utf8").split("\n")) {
    const text = line.trim();
    if (text === "" || text.startsWith("--")) continue;
    if (/^CREATE TRIGGER/i.test(text)) inTrigger = true;
    current.push(line);
    if (inTrigger ? /\bEND;$/i.test(text) : text.endsWith(";")) {
      statements.push(current.join("\n").replace(/;\s*$/, ""));
      current = [];
      inTrigger = false;
    }
  }
  return statements;
}

/** A database of the bundle's with `dir`'s migrations applied and recorded as wrangler records them (d1_migrations). */
async function migrated(binding: string, dir: string): Promise<D1Database> {
  const db = (await mf.getD1Database(binding)) as unknown as D1Database;
  await db.prepare("CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TEXT)").run();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    await db.batch(
      [...migrationStatements(dir, file), `INSERT INTO d1_migrations (name) VALUES ('${file}')`].map((sql) => db.prepare(sql)),
    );
  }
  return db;
}

beforeAll(async () => {
  mf = new Miniflare({
    // One explicit module: Miniflare's module locator rejects the dynamic import() inside @remix-run/react.
    modules: [{ type: "ESModule", path: "dist-worker/index.js" }],
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: ["DIRECTORY", "DB", "DB_2"],
    kvNamespaces: ["KV"],
    // As wrangler.toml deploys them: the Worker reads its message catalogues from here (decision 081).
    assets: { directory: "build/client", binding: "ASSETS", routerConfig: { has_user_worker: true } },
    bindings: deployedVars,
  });
  const places = {
    DIRECTORY: await migrated("DIRECTORY", "migrations-directory"),
    DB: await migrated("DB", "migrations"),
    DB_2: await migrated("DB_2", "migrations"),
    KV: (await mf.getKVNamespace("KV")) as unknown as KVNamespace,
    STORE_DATABASES: deployedVars.STORE_DATABASES,
  };
  for (const store of ["food", "new"]) await importStore(places, JSON.parse(readFileSync(`stores/${store}.json`, "utf8")));
});

afterAll(() => mf?.dispose());

describe("the deployable bundle under Miniflare", () => {
  it("renders the food home page for a visitor its branches deliver to, placed by Cloudflare's geolocation", async () => {
    const response = await mf.dispatchFetch("http://food.localhost/", { cf: INDIRANAGAR });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Spice Route Kitchen");
    expect(html).toContain('data-testid="block-products_infinite_scroll"');
  });

  it("shows a visitor no branch delivers to the unserviceable screen, whatever a dev_position cookie says", async () => {
    // Miniflare's own request.cf stands in Austin, Texas.
    const response = await mf.dispatchFetch("http://food.localhost/", { headers: { Cookie: "dev_position=12.9719,77.6412" } });
    expect(await response.text()).toContain("Sorry! We don&#x27;t deliver here");
  });

  it("renders the preview home for a store without products", async () => {
    expect(await (await mf.dispatchFetch("http://new.localhost/")).text()).toContain("Welcome to your store!");
  });

  it("serves the origin API and its error shape", async () => {
    const data = await mf.dispatchFetch("http://food.localhost/api/get-data");
    expect(data.status).toBe(200);
    expect(((await data.json()) as { branches: unknown[] }).branches).toHaveLength(3);
    const missing = await mf.dispatchFetch("http://food.localhost/api/nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });
  });

  it("answers an unknown host with 404", async () => {
    expect((await mf.dispatchFetch("http://nobody.localhost/")).status).toBe(404);
  });

  it("holds React's string renderer alone: neither the browser's renderer nor the streaming one (decision 073)", () => {
    // wrangler names each bundled file in a comment; the pages above rendered through the one that is left.
    const files = new Set(readFileSync("dist-worker/index.js", "utf8").match(/node_modules\/react-dom\/[\w./-]+\.js/g));
    expect([...files]).toEqual(["node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js"]);
  });

  it("takes React Router and Remix's server runtime as ES modules, which the bundler can shake (decision 073)", () => {
    const bundle = readFileSync("dist-worker/index.js", "utf8");
    // Their CommonJS builds are whole: the browser's router with the server's, and React Router as one UMD file.
    expect(bundle.match(/node_modules\/(@remix-run\/[\w-]+|react-router(-dom)?)\/[\w./-]*(umd|cjs)[\w./-]*\.js/g)).toBeNull();
    expect(bundle).toContain("node_modules/@remix-run/router/dist/router.js");
    expect(bundle).toContain("node_modules/react-router-dom/server.mjs");
  });

  it("keeps the developer pages off: /dev/outbox is the 404 page with the deployed configuration", async () => {
    expect(deployedVars).not.toHaveProperty("DEV_TOOLS");
    const response = await mf.dispatchFetch("http://food.localhost/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Outbox");
  });

  it("keeps the bench's database delay off: the deployed build ignores Bench-DB-Delay, and says its database cost", async () => {
    expect(deployedVars).not.toHaveProperty("BENCH_DB");
    const response = await mf.dispatchFetch("http://food.localhost/api/get-cart", {
      headers: { "Bench-DB-Delay": "1500", "guest-id": "0123456789abcdef0123456789abcdef" },
    });
    expect(response.status).toBe(200);
    const timing = /^db;dur=([\d.]+);desc="(\d+) queries, (\d+) round trips"$/.exec(response.headers.get("Server-Timing") ?? "");
    expect(timing).not.toBeNull();
    expect(Number(timing![2])).toBeGreaterThan(0);
    expect(Number(timing![1])).toBeLessThan(1500);
  });

  it("keeps the payment test gateway off: /dev/test-gateway is not served with the deployed configuration", async () => {
    const page = await mf.dispatchFetch("http://food.localhost/dev/test-gateway", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "order_id=order_test1",
    });
    // Passed on to the pages, where no route takes a form at that address: the 405 page (a 500 would not be "off").
    expect(page.status).toBe(405);
    expect(await page.text()).not.toContain("Test payment");
    expect((await mf.dispatchFetch("http://food.localhost/dev/test-gateway")).status).toBe(404);
    expect(deployedVars).not.toHaveProperty("PAYMENT_SECRETS_KEY");
  });
});
