import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import food from "../../stores/food.json";
import retail from "../../stores/retail.json";
import { fetchWith } from "./worker-with";

/**
 * When the store's data cannot be read, every page renders with what it has (spec section 8: site data fetch failure
 * is silently ignored; issue 25 part 5): the last good copy of this isolate, else defaults, the failure logged once
 * per page and the answer kept by no cache. The break is real: the table the store data is read from is renamed, so
 * D1 fails the query, and the store's cache markers move so no cached copy answers instead.
 */

const PAGE_KINDS = (store: { categories: { slug: string }[]; products: { slug: string }[]; pages?: { slug: string }[] }) => [
  "/",
  `/category/${store.categories[0]!.slug}`,
  `/product/${store.products[0]!.slug}`,
  "/search?q=a",
  `/page/${store.pages![0]!.slug}`,
  "/cart",
  "/cart/discounts",
  "/login",
  "/register",
  "/forgot-password",
  "/location",
  "/account",
  "/sitemap.xml",
];

async function page(host: string, path: string) {
  const response = await fetchWith(new Request(`http://${host}${path}`, { redirect: "manual" }));
  return { response, html: await response.text() };
}

/** Breaks the store-data read for every store, and makes every store miss its cached copies (as an import would). */
async function breakStoreData() {
  await env.DB.prepare("ALTER TABLE layout_elements RENAME TO layout_elements_broken").run();
  await env.DB.prepare("UPDATE cache_markers SET version = version + 1").run();
  for (const host of ["food.localhost", "retail.localhost"]) await env.KV.delete(`host:${host}`);
}

async function repair() {
  await env.DB.prepare("ALTER TABLE layout_elements_broken RENAME TO layout_elements").run();
}

const failuresLogged = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter((call) => String(call[0]).startsWith("store data could not be read")).length;

afterEach(() => vi.restoreAllMocks());

describe("a store whose data cannot be read", () => {
  it("renders every page kind with defaults, logging the failure once per page, kept by no cache", async () => {
    await breakStoreData();
    try {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      for (const path of PAGE_KINDS(retail)) {
        const before = failuresLogged(errors);
        const { response, html } = await page("retail.localhost", path);
        expect([200, 302, 303], `${path}: ${response.status}`).toContain(response.status);
        if (response.status !== 200) continue;
        if (path !== "/sitemap.xml") {
          expect(html, path).toContain('id="main"');
          // The store's settings come with its tenant (worker/tenancy), so the page still names the store.
          expect(html, path).toContain('data-testid="store-name">Northwind Outfitters</span>');
          expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
        }
        // Pages that read the store data log its failure once; the others never read it.
        expect(failuresLogged(errors) - before, path).toBeLessThanOrEqual(1);
      }
      expect(failuresLogged(errors)).toBeGreaterThanOrEqual(PAGE_KINDS(retail).length - 2);
      // The home is not taken for a store without products.
      expect((await page("retail.localhost", "/")).html).not.toContain('data-testid="preview-home"');
    } finally {
      await repair();
    }
  });

  it("renders with the last good copy of the store's settings when it has one", async () => {
    const good = await page("food.localhost", "/");
    expect(good.html).toContain(food.settings.storeName);
    await breakStoreData();
    try {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      for (const path of PAGE_KINDS(food)) {
        const { response, html } = await page("food.localhost", path);
        expect([200, 302, 303], `${path}: ${response.status}`).toContain(response.status);
        if (response.status === 200 && path !== "/sitemap.xml") {
          expect(html, path).toContain(`data-testid="store-name">${food.settings.storeName}</span>`);
          expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
        }
      }
      expect(errors.mock.calls.some((call) => String(call[0]).includes("its last good copy"))).toBe(true);
    } finally {
      await repair();
    }
    // Once the data reads again, the page is whole again and may be kept.
    const again = await page("food.localhost", "/category/pizzas");
    expect(again.response.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});
