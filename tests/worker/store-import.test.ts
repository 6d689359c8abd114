import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
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
});
