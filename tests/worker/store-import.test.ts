import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { planImport } from "../../worker/store-import/import-plan";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";
import { request } from "./request";

async function countRows(): Promise<Record<string, number>> {
  const tables = ["tenants", "tenant_hosts", "site_settings", "products", "product_combinations", "layout_elements"];
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`)));
  return Object.fromEntries(tables.map((t, i) => [t, (results[i]?.results[0] as { n: number } | undefined)?.n ?? 0]));
}

async function importError(input: unknown): Promise<string> {
  try {
    await importStore(env.DB, env.KV, input);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreImportError);
    return (error as Error).message;
  }
  throw new Error("the import was accepted");
}

describe("store import", () => {
  it("refuses a bad file, naming the field, and writes nothing", async () => {
    const before = await countRows();
    const badPrice = structuredClone(food);
    (badPrice.products[2] as { selling_price: unknown }).selling_price = "cheap";
    expect(await importError(badPrice)).toMatch(/products\[2\]\.selling_price/);

    const tooPrecise = structuredClone(food);
    (tooPrecise.products[0] as { selling_price: number }).selling_price = 10.005;
    expect(await importError(tooPrecise)).toMatch(/products\[0\]\.selling_price: 10\.005 has more than 2 decimal places/);

    const badReference = structuredClone(food);
    (badReference.products[1] as { category_id: number }).category_id = 999_999;
    expect(await importError(badReference)).toMatch(/products\[1\]\.category_id: no category has id 999999/);

    const badBlock = structuredClone(food);
    (badBlock.layout[1] as { code: string }).code = "confetti_cannon";
    expect(await importError(badBlock)).toMatch(/layout\[1\]\.code: unknown block kind/);

    expect(await importError({ slug: "x" })).toMatch(/hostnames/);
    expect(await countRows()).toEqual(before);
  });

  it("refuses a hostname that belongs to another store", async () => {
    const before = await countRows();
    const thief = { ...structuredClone(food), slug: "thief", hostnames: ["thief.localhost", "retail.localhost"] };
    expect(await importError(thief)).toMatch(/hostnames\[1\]: retail.localhost already belongs to the store "retail"/);
    expect(await countRows()).toEqual(before);
  });

  it("replaces a store whole: products removed from the file are gone, hostnames move", async () => {
    const smaller = {
      ...structuredClone(food),
      products: food.products.slice(0, 3),
      reviews: food.reviews.filter((r) => r.product_id <= 3),
      hostnames: ["food.localhost", "food2.localhost"],
    };
    smaller.layout = smaller.layout.filter((e) => !["products_display", "product_horizontal_strip", "static_banner"].includes(e.code));
    smaller.banners = smaller.banners.filter((b) => b.link_type !== "PRODUCT" || smaller.products.some((p) => p.id === b.data.product_id));
    smaller.layout = smaller.layout.filter(
      (e) => !("banner_ids" in e.data) || (e.data.banner_ids as number[]).every((id) => smaller.banners.some((b) => b.id === id)),
    );
    const summary = await importStore(env.DB, env.KV, smaller);
    expect(summary.products).toBe(3);
    const listing = (await (await request("food2.localhost", "/api/get-products")).json()) as { total: number };
    expect(listing.total).toBe(3);
    // The search index follows the products table: removed products are no longer found.
    const search = (await (await request("food2.localhost", "/api/search-products?q=pizza")).json()) as { total: number };
    expect(search.total).toBe(0);
    expect((await request("localhost", "/api/get-data")).status).toBe(404);
    await importStore(env.DB, env.KV, food);
    expect((await request("food2.localhost", "/api/get-data")).status).toBe(404);
    expect((await request("localhost", "/api/get-data")).status).toBe(200);
  });

  it("imports a catalogue that needs several JSON chunks, and a failing batch leaves the old store whole", async () => {
    const plain = food.products.map((p) => ({
      ...p,
      description: `${p.description} ${"Slow-cooked, hand-finished, served hot. ".repeat(12)}`,
      attributes: [],
      combinations: [],
      multi_selectable_attributes: [],
    }));
    const big = {
      ...structuredClone(food),
      slug: "big",
      hostnames: ["big.localhost"],
      products: Array.from({ length: 3000 }, (_, i) => ({ ...plain[i % plain.length]!, id: i + 1, slug: `big-${i + 1}` })),
      reviews: [],
      layout: food.layout.filter((e) => e.code === "top_nav"),
    };
    // ~3,000 products of ~700 bytes: two or three MAX_CHUNK_BYTES chunks of products.
    const chunks = planImport(storeFileSchema.parse(big), 1).statements.filter((s) => s.sql.startsWith("INSERT INTO products ("));
    expect(chunks.length).toBeGreaterThan(1);
    const summary = await importStore(env.DB, env.KV, big);
    const count = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE tenant_id = ?").bind(summary.tenantId).first<{ n: number }>();
    expect((await count())?.n).toBe(3000);
    const listing = (await (await request("big.localhost", "/api/get-products?page=250&per_page=12")).json()) as {
      total: number;
      data: { id: number; slug: string }[];
    };
    expect(listing.total).toBe(3000);
    expect(listing.data.map((p) => p.slug)).toContain("big-3000");

    // The same import again, with a statement that fails at the end of the batch: nothing of it may stay.
    const failing = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch") {
          return (statements: D1PreparedStatement[]) =>
            target.batch([...statements, target.prepare("INSERT INTO no_such_table VALUES (1)")]);
        }
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const fewer = { ...big, products: big.products.slice(0, 100) };
    await expect(importStore(failing, env.KV, fewer)).rejects.toThrow(/no_such_table/);
    expect((await count())?.n).toBe(3000);
  });
});
