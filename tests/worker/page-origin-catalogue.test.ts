import { waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pageOrigin } from "../../worker/origin/page-origin";
import { foodPageContext } from "./page-context";
import { guestCall, newGuest } from "./request";

const pageContext = (guestId: string | null) => foodPageContext({ kind: "guest", guestId });

/** What the HTTP transport answers for the same call: its status and parsed body. */
async function overHttp(path: string, guest: string | null = null): Promise<{ status: number; body: unknown }> {
  const response = await guestCall("GET", `${path}${path.includes("?") ? "&" : "?"}branch_id=1`, guest);
  return { status: response.status, body: await response.json() };
}

async function answered(path: string, guest: string | null = null): Promise<unknown> {
  const { status, body } = await overHttp(path, guest);
  expect(status).toBe(200);
  return body;
}

// Decision 066: the catalogue's pages call these operations as functions; each must answer what /api answers for the
// same store, branch and shopper, kept answers and answers made per call alike.
describe("the catalogue's operations", () => {
  it("answer what /api answers: listings, categories, products, search, reviews, sitemaps and content pages", async () => {
    const guest = newGuest();
    const o = await pageContext(guest);
    const page = pageOrigin(o);
    expect(await page.products({ page: 2, per_page: 3 })).toEqual(await answered("/api/get-products?page=2&per_page=3", guest));
    expect(await page.category({ slug: "pizzas" })).toEqual(await answered("/api/get-category?slug=pizzas", guest));
    expect(await page.categoryProducts({ slug: "pizzas", per_page: 3 })).toEqual(
      await answered("/api/get-category-products?slug=pizzas&per_page=3", guest),
    );
    expect(await page.product({ slug: "margherita-pizza" })).toEqual(await answered("/api/get-product?slug=margherita-pizza", guest));
    expect(await page.searchProducts({ q: "pizza", per_page: 4 })).toEqual(
      await answered("/api/search-products?q=pizza&per_page=4", guest),
    );
    expect(await page.productReviews({ product_id: 1, page: 1, per_page: 10 })).toEqual(
      await answered("/api/get-product-reviews?product_id=1&page=1&per_page=10", guest),
    );
    expect(await page.sitemap()).toEqual(await answered("/api/get-sitemap", guest));
    expect(await page.sitemapProducts({ file: 1 })).toEqual(await answered("/api/get-sitemap-products?file=1", guest));
    expect(await page.page({ slug: "about-us" })).toEqual(await answered("/api/get-page?slug=about-us", guest));
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("filter and order a category's and a search's products as /api does, with the page's own listing names", async () => {
    const page = pageOrigin(await pageContext(null));
    const filtered = await page.categoryProducts({ slug: "curries", sort: "price_asc", filter: ["diet:Non-vegetarian"], available: "0" });
    expect(filtered.data.map((product) => product.id)).toEqual([10, 13]);
    expect(filtered).toEqual(await answered("/api/get-category-products?slug=curries&sort=price_asc&filter=diet:Non-vegetarian"));
    expect(await page.searchProducts({ q: "curry", sort: "price_desc", max_price: 300 })).toEqual(
      await answered("/api/search-products?q=curry&sort=price_desc&max_price=300"),
    );
  });

  it("hand a kept answer over as the frozen value itself, so no page can change it for the next", async () => {
    const page = pageOrigin(await pageContext(null));
    const content = await page.page({ slug: "about-us" });
    expect(Object.isFrozen(content)).toBe(true);
    const category = await page.category({ slug: "pizzas" });
    expect(Object.isFrozen(category)).toBe(true);
  });
});

describe("a refused catalogue read", () => {
  it.each([
    [
      "an unknown product",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.product({ slug: "no-such-product" }),
      "/api/get-product?slug=no-such-product",
    ],
    [
      "an unknown category",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.category({ slug: "no-such-category" }),
      "/api/get-category?slug=no-such-category",
    ],
    [
      "an unknown content page",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.page({ slug: "no-such-page" }),
      "/api/get-page?slug=no-such-page",
    ],
    [
      "reviews of an unknown product",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.productReviews({ product_id: 999999 }),
      "/api/get-product-reviews?product_id=999999",
    ],
    [
      "a malformed slug",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.product({ slug: "<script>" }),
      "/api/get-product?slug=%3Cscript%3E",
    ],
    [
      "a filter value the store does not have",
      (page: ReturnType<typeof pageOrigin>) => page.attempt.categoryProducts({ slug: "curries", filter: "diet:Vegan-ish" }),
      "/api/get-category-products?slug=curries&filter=diet:Vegan-ish",
    ],
  ])("%s comes back through attempt as /api refuses it", async (_, attempt, path) => {
    const refused = await attempt(pageOrigin(await pageContext(null)));
    const { status, body } = await overHttp(path);
    expect(refused).toEqual({ ok: false, status, ...(body as object) });
  });

  it("is the 404 page when a loader reads an unknown record, with the API's message", async () => {
    const page = pageOrigin(await pageContext(null));
    const thrown = await page.product({ slug: "no-such-product" }).catch((failure: unknown) => failure);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    await expect((thrown as Response).text()).resolves.toBe("There is no such product in this store.");
  });
});
