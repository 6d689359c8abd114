import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import type { StoreData } from "../../worker/store-data/store-data";
import { importStore } from "../../worker/store-import/import-store";
import { json, request } from "./request";

const HOME_BLOCKS = [
  "banner_slider",
  "search_block",
  "categories_grid",
  "categories_horizontal_strip",
  "products_display",
  "product_horizontal_strip",
  "slider_centered",
  "static_banner",
  "custom_html_block",
  "products_infinite_scroll",
];

describe("GET /api/get-data", () => {
  it("answers the food store's layout in configured order, its settings and branches", async () => {
    const response = await request("food.localhost", "/api/get-data");
    expect(response.status).toBe(200);
    const data = await json<StoreData>(response);
    const codes = data.layout.map((e) => e.code);
    expect(codes).toEqual(food.layout.map((e) => e.code));
    for (const code of HOME_BLOCKS) expect(codes).toContain(code);
    expect(data.layout.map((e) => e.position)).toEqual([...data.layout.map((e) => e.position)].sort((a, b) => a - b));
    expect(data.settings.storeName).toBe(food.settings.storeName);
    expect(data.settings.globalStoreEnable).toBe("true");
    expect(data.settings.addedProduct).toBe("true");
    expect(data.branches).toHaveLength(3);
    expect(data.branches.filter((b) => b.is_main_branch === 1)).toHaveLength(1);
  });

  it("resolves what each block shows: banners with links, categories, products with prices", async () => {
    const data = await json<StoreData>(await request("food.localhost", "/api/get-data"));
    const slider = data.layout.find((e) => e.code === "banner_slider");
    expect(slider?.type === "designElement" && slider.code === "banner_slider" && slider.data.banners.length).toBeGreaterThan(1);
    const products = data.layout.find((e) => e.code === "products_display");
    if (products?.type !== "designElement" || products.code !== "products_display") throw new Error("no products_display");
    expect(products.data.products.length).toBeGreaterThan(0);
    expect(typeof products.data.products[0]?.selling_price).toBe("number");
    const html = data.layout.find((e) => e.code === "custom_html_block");
    expect(JSON.stringify(html)).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("is the same store whatever the hostname alias, and another store elsewhere", async () => {
    const viaLocalhost = await json<StoreData>(await request("localhost", "/api/get-data"));
    const viaIp = await json<StoreData>(await request("127.0.0.1", "/api/get-data"));
    const retail = await json<StoreData>(await request("retail.localhost", "/api/get-data"));
    expect(viaLocalhost.settings.storeName).toBe(food.settings.storeName);
    expect(viaIp.settings.storeName).toBe(food.settings.storeName);
    expect(retail.settings.storeName).not.toBe(food.settings.storeName);
    expect(retail.settings.symbolPlacement).toBe("after");
  });

  it("never serves the old snapshot after the store is re-imported", async () => {
    const before = await json<StoreData>(await request("food.localhost", "/api/get-data"));
    expect(before.settings.storeName).toBe(food.settings.storeName);
    const markersBefore = await json<Record<string, number>>(await request("food.localhost", "/api/cache-info"));

    await importStore(env, { ...food, settings: { ...food.settings, storeName: "Renamed Kitchen" } });

    const markersAfter = await json<Record<string, number>>(await request("food.localhost", "/api/cache-info"));
    for (const name of ["settings", "layouts", "branches", "products"]) {
      expect(markersAfter[name]).toBe((markersBefore[name] ?? 0) + 1);
    }
    const after = await json<StoreData>(await request("food.localhost", "/api/get-data"));
    expect(after.settings.storeName).toBe("Renamed Kitchen");
    await importStore(env, food);
  });
});

describe("GET /api/cache-info", () => {
  it("answers a map of the four cache markers", async () => {
    const markers = await json<Record<string, number>>(await request("retail.localhost", "/api/cache-info"));
    expect(Object.keys(markers).sort()).toEqual(["branches", "layouts", "products", "settings"]);
    for (const version of Object.values(markers)) expect(version).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/get-products", () => {
  it("pages through the catalogue in listing order", async () => {
    const first = await json<{ data: { id: number }[]; current_page: number; last_page: number; total: number }>(
      await request("food.localhost", "/api/get-products?page=1&per_page=10"),
    );
    const second = await json<{ data: { id: number }[]; current_page: number }>(
      await request("food.localhost", "/api/get-products?page=2&per_page=10"),
    );
    expect(first.total).toBe(food.products.length);
    expect(first.last_page).toBe(Math.ceil(food.products.length / 10));
    expect(first.data.map((p) => p.id)).toEqual(food.products.slice(0, 10).map((p) => p.id));
    expect(second.current_page).toBe(2);
    expect(second.data.map((p) => p.id)).toEqual(food.products.slice(10, 20).map((p) => p.id));
  });

  it("answers an empty page past the end", async () => {
    const past = await json<{ data: unknown[]; last_page: number }>(await request("food.localhost", "/api/get-products?page=999"));
    expect(past.data).toEqual([]);
  });

  it("has no products for a new store", async () => {
    const none = await json<{ data: unknown[]; total: number }>(await request("new.localhost", "/api/get-products"));
    expect(none).toMatchObject({ data: [], total: 0 });
  });
});
