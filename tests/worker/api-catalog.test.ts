import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateStore } from "../../scripts/generate-store";
import food from "../../stores/food.json";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import type { ProductReviews } from "../../worker/catalog/reviews";
import { SEARCH_COUNT_CAP, type SearchPage } from "../../worker/catalog/search-products";
import type { ContentPage, PageLink } from "../../worker/content/pages";
import type { Category } from "../../worker/store-data/store-data";
import { importStore } from "../../worker/store-import/import-store";
import { json, request } from "./request";

const get = async <T>(path: string, host = "food.localhost") => {
  const response = await request(host, path);
  expect(response.status, `${path} → ${response.status}`).toBe(200);
  return json<T>(response);
};

async function expectError(path: string, status: number, code: string, host = "food.localhost") {
  const response = await request(host, path);
  expect(response.status, path).toBe(status);
  const body = await json<{ code: string; message: string }>(response);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe("GET /api/get-products", () => {
  it("pages through every product once, in listing order", async () => {
    const first = await get<Page<ProductCard>>("/api/get-products?page=1&per_page=10");
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: food.products.length, last_page: 4 });
    const ids: number[] = [];
    for (let page = 1; page <= first.last_page; page++) {
      ids.push(...(await get<Page<ProductCard>>(`/api/get-products?page=${page}&per_page=10`)).data.map((p) => p.id));
    }
    expect(ids).toEqual(food.products.map((p) => p.id));
    expect((await get<Page<ProductCard>>("/api/get-products?page=99")).data).toEqual([]);
  });
});

describe("GET /api/get-category and get-category-products", () => {
  it("finds a category by slug or id", async () => {
    const bySlug = await get<Category>("/api/get-category?slug=pizzas");
    expect(bySlug).toMatchObject({ id: 6, name: "Pizzas", slug: "pizzas" });
    expect(await get<Category>("/api/get-category?slug=6")).toEqual(bySlug);
  });

  it("lists only that category's products, paged", async () => {
    const pizzas = food.products.filter((p) => p.category_id === 6).map((p) => p.id);
    const page1 = await get<Page<ProductCard>>("/api/get-category-products?slug=pizzas&per_page=3");
    expect(page1).toMatchObject({ total: pizzas.length, last_page: Math.ceil(pizzas.length / 3), current_page: 1 });
    const page2 = await get<Page<ProductCard>>("/api/get-category-products?slug=pizzas&per_page=3&page=2");
    expect([...page1.data, ...page2.data].map((p) => p.id)).toEqual(pizzas);
    expect(page1.data.every((p) => p.category_id === 6)).toBe(true);
  });

  it("answers unknown categories and bad parameters in the error shape", async () => {
    await expectError("/api/get-category?slug=no-such-category", 404, "not_found");
    await expectError("/api/get-category-products?slug=no-such-category", 404, "not_found");
    await expectError("/api/get-category", 400, "invalid_input");
    await expectError("/api/get-category?slug=..%2Fetc", 400, "invalid_input");
    await expectError("/api/get-category-products?slug=pizzas&per_page=0", 400, "invalid_input");
  });

  it("does not show another store's category", async () => {
    await expectError("/api/get-category?slug=pizzas", 404, "not_found", "retail.localhost");
  });
});

describe("GET /api/get-product", () => {
  it("answers the spec's product fields with options in major units", async () => {
    const product = await get<ProductDetail>("/api/get-product?slug=margherita-pizza");
    expect(product).toMatchObject({ id: 26, name: "Margherita Pizza", selling_price: 199, original_price: null });
    expect(product.category).toEqual({ id: 6, name: "Pizzas", slug: "pizzas" });
    expect(product.attributes.map((a) => a.name)).toEqual(["Size", "Crust"]);
    expect(product.attributes[0]?.values.map((v) => v.value)).toEqual(["Regular", "Medium", "Large"]);
    expect(product.combinations).toContainEqual({ ids: [2612, 2614], price: 449, variant_id: 2644 });
    expect(product.multi_selectable_attributes[0]).toMatchObject({ id: 2670, name: "Dips", min_select: 0, max_select: 2 });
    expect(product.multi_selectable_attributes[0]?.values[2]).toEqual({
      id: 2677,
      value: "Cheesy jalapeño dip",
      price: 35,
      dependencies: [],
      variant_prices: [],
    });
    expect(product.rating.rating_count).toBe(14);
  });

  it("carries dependencies and variant prices", async () => {
    const biryani = await get<ProductDetail>("/api/get-product?slug=hyderabadi-chicken-dum-biryani");
    const values = biryani.multi_selectable_attributes.flatMap((g) => g.values);
    expect(values.find((v) => v.id === 678)?.dependencies.length).toBeGreaterThan(0);
    expect(values.find((v) => v.id === 677)?.variant_prices.length).toBeGreaterThan(0);
  });

  it("finds a product by id too, and a plain product has empty option lists", async () => {
    const byId = await get<ProductDetail>("/api/get-product?slug=1");
    expect(byId).toMatchObject({ id: 1, slug: "paneer-tikka", attributes: [], combinations: [], multi_selectable_attributes: [] });
  });

  it("answers unknown products and bad slugs in the error shape", async () => {
    await expectError("/api/get-product?slug=no-such-product", 404, "not_found");
    await expectError("/api/get-product?slug=999999", 404, "not_found");
    await expectError("/api/get-product?slug=", 400, "invalid_input");
    await expectError("/api/get-product?slug=%3Cscript%3E", 400, "invalid_input");
    await expectError("/api/get-product?slug=margherita-pizza", 404, "not_found", "retail.localhost");
  });
});

describe("GET /api/search-products", () => {
  it("matches words at the start of words in names and descriptions, names first", async () => {
    const result = await get<Page<ProductCard>>("/api/search-products?q=pizza");
    expect(result.total).toBe(4);
    expect(result.data.every((p) => /pizza/i.test(p.name))).toBe(true);
    const prefix = await get<Page<ProductCard>>("/api/search-products?q=marg");
    expect(prefix.data.map((p) => p.slug)).toEqual(["margherita-pizza"]);
    const description = await get<Page<ProductCard>>("/api/search-products?q=mozzarella");
    expect(description.data.map((p) => p.slug)).toContain("margherita-pizza");
  });

  it("needs every word, ignores case, and pages", async () => {
    expect((await get<Page<ProductCard>>("/api/search-products?q=PANEER%20pizza")).data.map((p) => p.slug)).toEqual(["paneer-tikka-pizza"]);
    const paged = await get<Page<ProductCard>>("/api/search-products?q=biryani&per_page=2&page=2");
    expect(paged).toMatchObject({ current_page: 2, per_page: 2 });
    expect(paged.total).toBeGreaterThanOrEqual(4);
  });

  it("takes search syntax as text and finds nothing rather than failing", async () => {
    for (const q of ['"', "NEAR(", "*", "pizza OR", "name:pizza", "'; DROP TABLE products; --", "!!!", "🍕"]) {
      const response = await request("food.localhost", `/api/search-products?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await get<Page<ProductCard>>("/api/search-products?q=zzzzqqq")).total).toBe(0);
  });

  it("keeps to the store it is asked on", async () => {
    expect((await get<Page<ProductCard>>("/api/search-products?q=pizza", "retail.localhost")).total).toBe(0);
    expect((await get<Page<ProductCard>>("/api/search-products?q=shirt", "retail.localhost")).total).toBeGreaterThan(0);
  });

  it("ranks every word in the name first, then some words in the name, then description-only, each in listing order", async () => {
    // The food store's names and descriptions share these words, so each query has hits in more than one tier.
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    const hits = (tokens: string[], word: string) => tokens.some((t) => t.startsWith(word));
    for (const q of ["garlic", "masala", "paneer", "tandoori chicken", "butter chicken", "onion", "paneer tikka"]) {
      const query = words(q);
      const expected = food.products
        .map((p) => ({ slug: p.slug, name: words(p.name), all: words(`${p.name} ${p.description ?? ""}`) }))
        .filter((p) => query.every((w) => hits(p.all, w)))
        .map((p) => ({ slug: p.slug, tier: query.every((w) => hits(p.name, w)) ? 0 : query.some((w) => hits(p.name, w)) ? 1 : 2 }))
        .sort((a, b) => a.tier - b.tier) // stable: listing order within a tier
        .map((p) => p.slug);
      const result = await get<SearchPage<ProductCard>>(`/api/search-products?q=${encodeURIComponent(q)}&per_page=48`);
      expect(
        result.data.map((p) => p.slug),
        q,
      ).toEqual(expected);
      expect(result).toMatchObject({ total: expected.length, total_is_lower_bound: false, last_page: 1 });
    }
    const slugs = async (q: string) => (await get<Page<ProductCard>>(`/api/search-products?q=${q}&per_page=48`)).data.map((p) => p.slug);
    expect((await slugs("garlic"))[0]).toBe("garlic-naan");
    expect((await slugs("garlic")).length).toBeGreaterThan(1);
    expect(await slugs("tandoori%20chicken")).toEqual(["tandoori-chicken", "tandoori-chicken-pizza", "butter-chicken"]);
  });

  it("pages through the ranked results without gaps or repeats", async () => {
    for (const q of ["masala", "tandoori chicken", "a"]) {
      const all = await get<Page<ProductCard>>(`/api/search-products?q=${encodeURIComponent(q)}&per_page=48`);
      const first = await get<Page<ProductCard>>(`/api/search-products?q=${encodeURIComponent(q)}&per_page=2`);
      expect(first.last_page).toBe(Math.max(1, Math.ceil(all.total / 2)));
      const paged: string[] = [];
      for (let page = 1; page <= first.last_page; page++) {
        const next = await get<Page<ProductCard>>(`/api/search-products?q=${encodeURIComponent(q)}&per_page=2&page=${page}`);
        expect(next).toMatchObject({ current_page: page, total: all.total, last_page: first.last_page });
        paged.push(...next.data.map((p) => p.slug));
      }
      expect(paged, q).toEqual(all.data.map((p) => p.slug));
    }
  });

  it("stops counting past the cap: total is then a lower bound, and paging still reaches every match", async () => {
    // "for" is in every generated description, so every product matches; "rustic oak" matches 1/64 of them.
    const products = SEARCH_COUNT_CAP + 100;
    await importStore(env, generateStore({ products, slug: "search-cap", hostnames: ["search-cap.localhost"] }));
    const search = (path: string) => get<SearchPage<ProductCard>>(`/api/search-products?${path}`, "search-cap.localhost");

    const first = await search("q=for&per_page=12");
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, total_is_lower_bound: true, last_page: Math.ceil(SEARCH_COUNT_CAP / 12) });
    expect(first.data).toHaveLength(12);
    // Past the cap the count reaches to the end of the asked page, and last_page always offers the next one.
    const deepPage = Math.ceil(SEARCH_COUNT_CAP / 12) + 2;
    const deep = await search(`q=for&per_page=12&page=${deepPage}`);
    expect(deep).toMatchObject({ current_page: deepPage, total: deepPage * 12, total_is_lower_bound: true, last_page: deepPage + 1 });
    const lastPage = Math.ceil(products / 12);
    const last = await search(`q=for&per_page=12&page=${lastPage}`);
    expect(last).toMatchObject({ total: products, total_is_lower_bound: false, last_page: lastPage });
    expect(last.data).toHaveLength(products - (lastPage - 1) * 12);

    const narrow = await search("q=rustic%20oak&per_page=48");
    expect(narrow.total_is_lower_bound).toBe(false);
    expect(narrow.total).toBe(narrow.data.length);
    expect(narrow.total).toBeGreaterThanOrEqual(Math.floor(products / 64));
    // Neither store's products show up in the other's search.
    expect((await search("q=pizza")).total).toBe(0);
    expect((await get<SearchPage<ProductCard>>("/api/search-products?q=rustic")).total).toBe(0);

    const html = await (await request("search-cap.localhost", "/search?q=for")).text();
    expect(html).toContain(`${SEARCH_COUNT_CAP}+ results for “for”`);
  });

  it("refuses an empty or overlong query", async () => {
    await expectError("/api/search-products", 400, "invalid_input");
    await expectError("/api/search-products?q=%20", 400, "invalid_input");
    await expectError(`/api/search-products?q=${"a".repeat(101)}`, 400, "invalid_input");
  });
});

describe("GET /api/get-product-reviews", () => {
  it("answers the rating summary and newest reviews first, paged", async () => {
    const first = await get<ProductReviews>("/api/get-product-reviews?product_id=26&per_page=5");
    const mine = food.reviews.filter((r) => r.product_id === 26);
    expect(first.rating_count).toBe(mine.length);
    expect(first.review_count).toBe(mine.filter((r) => r.body !== "").length);
    const grouped = Object.values(first.grouped_ratings).reduce((a, b) => a + b, 0);
    expect(grouped).toBe(mine.length);
    const average = mine.reduce((sum, r) => sum + r.rating, 0) / mine.length;
    expect(first.average_rating).toBeCloseTo(average, 1);
    expect(first).toMatchObject({ current_page: 1, last_page: Math.ceil(mine.length / 5), total: mine.length });
    const dates = first.data.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("answers an unrated product with zeroes and an unknown one with 404", async () => {
    const unrated = await get<ProductReviews>("/api/get-product-reviews?product_id=3");
    expect(unrated).toMatchObject({ rating_count: 0, review_count: 0, average_rating: 0, data: [], last_page: 1 });
    await expectError("/api/get-product-reviews?product_id=999999", 404, "not_found");
    await expectError("/api/get-product-reviews?product_id=abc", 400, "invalid_input");
    await expectError("/api/get-product-reviews", 400, "invalid_input");
  });
});

describe("GET /api/get-pages and get-page", () => {
  it("lists the store's pages and answers one with sanitised content", async () => {
    const pages = await get<PageLink[]>("/api/get-pages");
    expect(pages.map((p) => p.slug)).toEqual(food.pages.map((p) => p.slug));
    const page = await get<ContentPage>("/api/get-page?slug=about-us");
    expect(page.title).toBe("About us");
    expect(page.content).not.toMatch(/<script/i);
    await expectError("/api/get-page?slug=no-such-page", 404, "not_found");
    await expectError("/api/get-page", 400, "invalid_input");
  });
});
