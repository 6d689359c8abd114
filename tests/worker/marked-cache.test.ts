import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { storeSettings } from "../../commerce/store-settings";
import food from "../../stores/food.json";
import { markedKey, markedValue } from "../../worker/cache/marked-cache";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import type { Category, StoreData } from "../../worker/store-data/store-data";
import { importStore } from "../../worker/store-import/import-store";
import type { Tenant } from "../../worker/tenancy/tenant";
import { json, request } from "./request";

const PANEER = food.products.find((p) => p.slug === "paneer-tikka")!;
const STARTERS = food.categories.find((c) => c.id === PANEER.category_id)!;
const ABOUT = food.pages.find((p) => p.slug === "about-us")!;

/** Everything the home, category, product and content pages read of the food store, through the API. */
async function answers() {
  const get = async <T>(path: string) => {
    const response = await request("food.localhost", path);
    expect(response.status).toBe(200);
    return json<T>(response);
  };
  const data = await get<StoreData>("/api/get-data");
  const blocks = data.layout.flatMap((e) => (e.type === "designElement" && e.code === "products_display" ? e.data.products : []));
  return {
    storeName: data.settings.storeName,
    blockPrice: blocks.find((p) => p.id === PANEER.id)?.selling_price,
    categoryName: (await get<Category>(`/api/get-category?slug=${STARTERS.slug}`)).name,
    listedPrice: (await get<Page<ProductCard>>(`/api/get-category-products?slug=${STARTERS.slug}`)).data.find((p) => p.id === PANEER.id)
      ?.selling_price,
    storePrice: (await get<Page<ProductCard>>("/api/get-products?per_page=48")).data.find((p) => p.id === PANEER.id)?.selling_price,
    filteredPrice: (await get<Page<ProductCard>>(`/api/get-category-products?slug=${STARTERS.slug}&sort=price_asc&per_page=48`)).data.find(
      (p) => p.id === PANEER.id,
    )?.selling_price,
    product: await get<ProductDetail>(`/api/get-product?slug=${PANEER.slug}`),
    pageTitle: (await get<{ title: string }>(`/api/get-page?slug=${ABOUT.slug}`)).title,
    pageTitles: (await get<{ title: string }[]>("/api/get-pages")).map((p) => p.title),
  };
}

const page = async (path: string) => (await request("food.localhost", path)).text();

describe("store data kept per isolate and in KV, as of the cache markers", () => {
  afterAll(() => importStore(env, food));

  it("shows an import's new price, setting, category name and page on the next API answer and page", async () => {
    // Read twice, so every copy (isolate, KV) is filled before the import.
    await answers();
    const before = await answers();
    expect(before).toMatchObject({
      storeName: food.settings.storeName,
      blockPrice: PANEER.selling_price,
      filteredPrice: PANEER.selling_price,
      categoryName: STARTERS.name,
    });
    expect(before.product.selling_price).toBe(PANEER.selling_price);
    expect(await page(`/product/${PANEER.slug}`)).toContain(`"price":"${PANEER.selling_price}.00"`);

    await importStore(env, {
      ...food,
      settings: { ...food.settings, storeName: "Renamed Kitchen" },
      categories: food.categories.map((c) => (c.id === STARTERS.id ? { ...c, name: "Small Plates" } : c)),
      products: food.products.map((p) => (p.id === PANEER.id ? { ...p, selling_price: 287 } : p)),
      pages: food.pages.map((p) => (p.slug === ABOUT.slug ? { ...p, title: "Our story" } : p)),
    });

    const after = await answers();
    expect(after).toMatchObject({
      storeName: "Renamed Kitchen",
      blockPrice: 287,
      categoryName: "Small Plates",
      listedPrice: 287,
      storePrice: 287,
      filteredPrice: 287,
      pageTitle: "Our story",
    });
    expect(after.pageTitles).toContain("Our story");
    expect(after.product.selling_price).toBe(287);
    expect(after.product.category?.name).toBe("Small Plates");

    const productPage = await page(`/product/${PANEER.slug}`);
    expect(productPage).toContain(`"price":"287.00"`);
    expect(productPage).toContain("Renamed Kitchen");
    const categoryPage = await page(`/category/${STARTERS.slug}`);
    expect(categoryPage).toContain("Small Plates");
    expect(categoryPage).toContain("287");
    expect(await page("/")).toContain("Renamed Kitchen");
    expect(await page(`/page/${ABOUT.slug}`)).toContain("Our story");
  });

  it("reads a product's rating fresh: a new rating bumps no marker and shows at once", async () => {
    const rated = async () => (await json<ProductDetail>(await request("food.localhost", `/api/get-product?slug=${PANEER.slug}`))).rating;
    await rated();
    const before = await rated();
    const tenant = await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO product_reviews (tenant_id, id, product_id, rating, author, created_at) VALUES (?1, 990001, ?2, 1, 'Test', '2026-11-01T00:00:00Z')",
    )
      .bind(tenant!.id, PANEER.id)
      .run();
    try {
      expect((await rated()).rating_count).toBe(before.rating_count + 1);
    } finally {
      await env.DB.prepare("DELETE FROM product_reviews WHERE tenant_id = ?1 AND id = 990001").bind(tenant!.id).run();
    }
  });
});

describe("GET /api/get-data for a branch the store does not have", () => {
  it("is refused (400, docs/api.md) and writes nothing to KV", async () => {
    const tenant = await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>();
    const keys = async () => (await env.KV.list({ prefix: `t:${tenant!.id}:get-data:` })).keys.map((k) => k.name);
    expect((await request("food.localhost", "/api/get-data?branch_id=2")).status).toBe(200);
    expect((await request("food.localhost", "/api/get-data?branch_id=777777")).status).toBe(400);
    // KV writes happen after the answer: wait for the known branch's, then look for the other's.
    for (let i = 0; i < 50 && !(await keys()).some((k) => k.endsWith(":b2")); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await keys()).some((k) => k.endsWith(":b2"))).toBe(true);
    expect((await keys()).some((k) => k.endsWith(":b777777"))).toBe(false);
  });
});

describe("markedValue", () => {
  const markers = { settings: 1, layouts: 1, branches: 1, products: 1 };
  const store = (id: number): Tenant => ({ id, slug: `s${id}`, database: "DB", markers, settings: storeSettings({}) });

  it("never gives one store another's entry, and keeps a value until its marker changes", async () => {
    const ctx = createExecutionContext();
    const built: string[] = [];
    const read = (tenant: Tenant) =>
      markedValue(env, ctx, markedKey(tenant, "thing", ["products"]), "isolate+kv", async () => {
        built.push(`${tenant.id}@${tenant.markers.products}`);
        return { owner: tenant.id, version: tenant.markers.products };
      });
    const [a, b] = [store(910_001), store(910_002)];
    expect((await read(a)).value).toEqual({ owner: a.id, version: 1 });
    expect((await read(b)).value).toEqual({ owner: b.id, version: 1 });
    expect((await read(a)).value.owner).toBe(a.id);
    expect((await read(b)).value.owner).toBe(b.id);
    expect(built).toEqual([`${a.id}@1`, `${b.id}@1`]);

    const bumped = { ...a, markers: { ...markers, products: 2 } };
    expect((await read(bumped)).value).toEqual({ owner: a.id, version: 2 });
    // A marker the value does not depend on leaves its key alone.
    expect((await read({ ...a, markers: { ...markers, settings: 5 } })).value.version).toBe(1);
    expect(built).toEqual([`${a.id}@1`, `${b.id}@1`, `${a.id}@2`]);
    await waitOnExecutionContext(ctx);
    expect(await env.KV.get(markedKey(bumped, "thing", ["products"]), "json")).toEqual({ owner: a.id, version: 2 });
  });

  it("keeps nothing for a value that is not there, and freezes what it keeps", async () => {
    const ctx = createExecutionContext();
    const tenant = store(910_003);
    let builds = 0;
    const missing = () =>
      markedValue(env, ctx, markedKey(tenant, "missing", ["products"]), "isolate", async () => {
        builds += 1;
        return null;
      });
    expect(await missing()).toBeNull();
    expect(await missing()).toBeNull();
    expect(builds).toBe(2);
    const kept = await markedValue(env, ctx, markedKey(tenant, "kept", ["products"]), "isolate", async () => ({ list: [1, 2] }));
    expect(() => kept.value.list.push(3)).toThrow(TypeError);
    await waitOnExecutionContext(ctx);
  });
});
