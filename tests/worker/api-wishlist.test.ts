import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_WISHLIST, WISHLIST_FULL } from "../../commerce/wishlist";
import type { Page } from "../../worker/catalog/list-products";
import type { WishlistItem } from "../../worker/wishlist/wishlist-store";
import { call, newCustomer } from "./accounts-helpers";
import { inEnglish } from "./english";
import { json } from "./request";

/** The food store's paneer tikka (no options) and tandoori chicken (options), as the catalogue lists them. */
const PANEER = 1;
const TANDOORI = 4;

function toggle(token: string | undefined, body: unknown, host?: string) {
  return call("/api/toggle-wishlist-product", { token, body, host });
}

async function set(token: string, productId: number, wishlisted?: boolean): Promise<boolean> {
  const response = await toggle(token, { product_id: productId, ...(wishlisted === undefined ? {} : { wishlisted }) });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const body = await json<{ product_id: number; wishlisted: boolean }>(response);
  expect(body.product_id).toBe(productId);
  return body.wishlisted;
}

async function list(token: string, query = "", host?: string): Promise<Page<WishlistItem>> {
  const response = await call(`/api/get-wishlist${query}`, { method: "GET", token, host });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return json<Page<WishlistItem>>(response);
}

async function ids(token: string): Promise<number[]> {
  const response = await call("/api/get-wishlist-ids", { method: "GET", token });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await json<{ product_ids: number[] }>(response)).product_ids;
}

async function rows(customerId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM wishlist_items WHERE customer_id = ?1")
    .bind(customerId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function foodTenant(): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
}

describe("wishlist API", () => {
  it("toggles without `wishlisted`, and sets the state idempotently with it", async () => {
    const { token } = await newCustomer();
    expect(await ids(token)).toEqual([]);
    expect(await set(token, PANEER)).toBe(true);
    expect(await set(token, PANEER)).toBe(false);
    expect(await set(token, PANEER)).toBe(true);
    expect(await set(token, PANEER, true)).toBe(true);
    expect(await set(token, PANEER, true)).toBe(true);
    expect(await ids(token)).toEqual([PANEER]);
    expect(await set(token, PANEER, false)).toBe(false);
    expect(await set(token, PANEER, false)).toBe(false);
    expect(await ids(token)).toEqual([]);
  });

  it("lists product cards newest first, paged like the other lists", async () => {
    const { token } = await newCustomer();
    for (const id of [PANEER, TANDOORI, 16]) expect(await set(token, id, true)).toBe(true);
    const page = await list(token);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(page.data.map((item) => item.id)).toEqual([16, TANDOORI, PANEER]);
    // The card the catalogue answers for the product, plus whether it can be bought.
    const catalogue = await json<{ data: { id: number }[] }>(await call("/api/get-products?per_page=48", { method: "GET" }));
    const card = catalogue.data.find((c) => c.id === TANDOORI);
    const item = page.data.find((c) => c.id === TANDOORI)!;
    expect(item).toMatchObject({ ...card, available: true });
    expect(item.available && item.has_options).toBe(true);
    expect(new Date(item.wishlisted_at).getTime()).toBeGreaterThan(0);

    const second = await list(token, "?page=2&per_page=2");
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(second.data.map((i) => i.id)).toEqual([PANEER]);
    const bad = await call("/api/get-wishlist?per_page=1000", { method: "GET", token });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ code: "invalid_input" });
  });

  it("20 concurrent sets to wishlisted=true leave one row, and 20 concurrent removes none", async () => {
    const { token, id } = await newCustomer();
    const adds = await Promise.all(Array.from({ length: 20 }, () => toggle(token, { product_id: PANEER, wishlisted: true })));
    for (const response of adds) {
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ product_id: PANEER, wishlisted: true });
    }
    expect(await rows(id)).toBe(1);
    const removes = await Promise.all(Array.from({ length: 20 }, () => toggle(token, { product_id: PANEER, wishlisted: false })));
    for (const response of removes) expect(await json(response)).toEqual({ product_id: PANEER, wishlisted: false });
    expect(await rows(id)).toBe(0);
  });

  it("refuses a guest with 401 in the one error shape, before reading anything", async () => {
    for (const [path, method, body] of [
      ["/api/get-wishlist", "GET", undefined],
      ["/api/get-wishlist-ids", "GET", undefined],
      ["/api/toggle-wishlist-product", "POST", { product_id: PANEER }],
      ["/api/toggle-wishlist-product", "POST", "not json"],
    ] as const) {
      const response = await call(path, { method, body, guest: "0123456789abcdef0123456789abcdef" });
      expect(response.status, path).toBe(401);
      expect(await json(response)).toMatchObject({ code: "unauthenticated" });
    }
  });

  it("keeps each customer's list their own", async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer();
    expect(await set(mine.token, PANEER, true)).toBe(true);
    // The other customer's "remove" and toggle act on their own list only.
    expect(await set(theirs.token, PANEER, false)).toBe(false);
    expect(await set(theirs.token, PANEER)).toBe(true);
    expect(await set(theirs.token, PANEER)).toBe(false);
    expect(await ids(mine.token)).toEqual([PANEER]);
    expect(await ids(theirs.token)).toEqual([]);
    expect((await list(theirs.token)).total).toBe(0);
  });

  it("answers 404 for a product that is not in this store, and changes nothing", async () => {
    const { token, id } = await newCustomer();
    for (const productId of [999_999, 2_147_483_647]) {
      const response = await toggle(token, { product_id: productId, wishlisted: true });
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ code: "not_found" });
      expect((await toggle(token, { product_id: productId })).status).toBe(404);
      expect((await toggle(token, { product_id: productId, wishlisted: false })).status).toBe(404);
    }
    // Another store's product: the retail store sells 15 products, the food store 37.
    const retail = await newCustomer("retail.localhost");
    const other = await toggle(retail.token, { product_id: 37, wishlisted: true }, "retail.localhost");
    expect(other.status).toBe(404);
    expect(await rows(id)).toBe(0);
    expect(await rows(retail.id)).toBe(0);
    expect((await list(retail.token, "", "retail.localhost")).total).toBe(0);
    for (const body of [{}, { product_id: 0 }, { product_id: "1" }, { product_id: 1, wishlisted: "yes" }]) {
      const response = await toggle(token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toMatchObject({ code: "invalid_input" });
    }
  });

  it("lists a product the store removed as unavailable, until the customer removes it", async () => {
    const tenant = await foodTenant();
    const productId = 900_000 + Math.floor(Math.random() * 90_000);
    await env.DB.prepare(
      `INSERT INTO products (tenant_id, id, name, slug, images_json, selling_price, position)
       VALUES (?1, ?2, 'Seasonal Thandai', ?3, '["/images/thandai.jpg"]', 12000, 999)`,
    )
      .bind(tenant, productId, `seasonal-thandai-${productId}`)
      .run();
    const { token } = await newCustomer();
    expect(await set(token, productId, true)).toBe(true);
    expect(await set(token, PANEER, true)).toBe(true);
    expect((await list(token)).data.find((i) => i.id === productId)).toMatchObject({ available: true, name: "Seasonal Thandai" });

    await env.DB.prepare("DELETE FROM products WHERE tenant_id = ?1 AND id = ?2").bind(tenant, productId).run();
    const page = await list(token);
    expect(page.total).toBe(2);
    expect(page.data.find((i) => i.id === productId)).toEqual({
      id: productId,
      name: "Seasonal Thandai",
      image: "/images/thandai.jpg",
      available: false,
      wishlisted_at: expect.any(String),
    });
    expect(page.data.find((i) => i.id === PANEER)).toMatchObject({ available: true });
    expect(await ids(token)).toContain(productId);
    // Still removable; once removed, the id is unknown again.
    expect(await set(token, productId, false)).toBe(false);
    expect((await toggle(token, { product_id: productId, wishlisted: false })).status).toBe(404);
    expect(await ids(token)).toEqual([PANEER]);
  });

  it("holds at most MAX_WISHLIST products", async () => {
    const tenant = await foodTenant();
    const { token, id } = await newCustomer();
    // Fill the list in SQL (product ids need not exist for the count), then ask for one more.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       INSERT INTO wishlist_items (tenant_id, customer_id, product_id, name, created_at) SELECT ?1, ?2, 800000 + i, 'Filler', 1 FROM n`,
    )
      .bind(tenant, id, MAX_WISHLIST)
      .run();
    const full = await toggle(token, { product_id: PANEER, wishlisted: true });
    expect(full.status).toBe(422);
    expect(await json(full)).toMatchObject({ code: "wishlist_full", message: inEnglish(WISHLIST_FULL) });
    expect((await toggle(token, { product_id: PANEER })).status).toBe(422);
    expect(await rows(id)).toBe(MAX_WISHLIST);
    expect((await ids(token)).length).toBe(MAX_WISHLIST);
  });
});
