import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FilteredPage } from "../../worker/catalog/filtered-products";
import { SEARCH_COUNT_CAP } from "../../worker/catalog/search-products";
import { refusedFoodImport } from "./import-refusal";
import { json, request } from "./request";

// The food store's curries (stores/food.json): Butter Chicken 10 (₹299, non-veg, mild, rated 4.4), Paneer Butter Masala
// 11 (₹269, veg, mild, 3.83), Dal Makhani 12 (₹229, veg, mild, unrated), Kadai Chicken 13 (₹319, non-veg, hot, 4.25),
// Palak Paneer 14 (₹259, veg, mild, 4.8), Build Your Own Thali 15 (₹199, veg, medium, unrated).
const CURRIES = "/api/get-category-products?slug=curries&per_page=48";

async function listing(path: string) {
  const response = await request("food.localhost", path);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as FilteredPage;
}

const ids = (page: FilteredPage) => page.data.map((p) => p.id);
const valueCounts = (page: FilteredPage, key: string) =>
  Object.fromEntries(page.facets.attributes.find((a) => a.key === key)?.values.map((v) => [v.value, v.count]) ?? []);
const ratingCounts = (page: FilteredPage) => Object.fromEntries(page.facets.ratings.map((r) => [r.min, r.count]));

async function foodId(): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
}

describe("filters on a category", () => {
  it("counts each value as the other active filters leave it, and narrows by all of them", async () => {
    const all = await listing(CURRIES);
    expect(ids(all)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(valueCounts(all, "diet")).toEqual({ Vegetarian: 4, "Non-vegetarian": 2 });
    expect(valueCounts(all, "spice")).toEqual({ Mild: 4, Medium: 1, Hot: 1 });
    expect(ratingCounts(all)).toEqual({ 4: 3, 3: 4, 2: 4 });

    const veg = await listing(`${CURRIES}&filter=diet:Vegetarian`);
    expect(ids(veg)).toEqual([11, 12, 14, 15]);
    expect(veg.total).toBe(4);
    // The diet counts ignore the diet filter itself (picking Non-vegetarian as well would add 2); the others honour it.
    expect(valueCounts(veg, "diet")).toEqual({ Vegetarian: 4, "Non-vegetarian": 2 });
    expect(valueCounts(veg, "spice")).toEqual({ Mild: 3, Medium: 1, Hot: 0 });
    expect(ratingCounts(veg)).toEqual({ 4: 1, 3: 2, 2: 2 });
    expect(veg.facets.attributes[0]?.values.find((v) => v.value === "Vegetarian")?.selected).toBe(true);

    // "vegetarian under ₹250": the price bound applies to every count.
    const cheapVeg = await listing(`${CURRIES}&filter=diet:Vegetarian&max_price=250`);
    expect(ids(cheapVeg)).toEqual([12, 15]);
    expect(valueCounts(cheapVeg, "diet")).toEqual({ Vegetarian: 2, "Non-vegetarian": 0 });
    expect(valueCounts(cheapVeg, "spice")).toEqual({ Mild: 1, Medium: 1, Hot: 0 });

    // Two values of one attribute widen; two attributes narrow.
    expect(ids(await listing(`${CURRIES}&filter=spice:Medium&filter=spice:Hot`))).toEqual([13, 15]);
    expect(ids(await listing(`${CURRIES}&filter=spice:Mild&filter=diet:Non-vegetarian`))).toEqual([10]);
    expect(ids(await listing(`${CURRIES}&rating=4&min_price=260`))).toEqual([10, 13]);
    expect(ids(await listing(`${CURRIES}&min_price=259&max_price=269`))).toEqual([11, 14]);

    const none = await listing(`${CURRIES}&filter=spice:Hot&filter=diet:Vegetarian`);
    expect(none).toMatchObject({ data: [], total: 0, total_is_lower_bound: false });
  });

  it("sorts by price both ways, rating and newest, with the filters applied", async () => {
    expect(ids(await listing(`${CURRIES}&sort=price_asc`))).toEqual([15, 12, 14, 11, 10, 13]);
    expect(ids(await listing(`${CURRIES}&sort=price_desc`))).toEqual([13, 10, 11, 14, 12, 15]);
    // Best average first; the unrated after the rated, in listing order.
    expect(ids(await listing(`${CURRIES}&sort=rating`))).toEqual([14, 10, 13, 11, 12, 15]);
    expect(ids(await listing(`${CURRIES}&sort=newest`))).toEqual([15, 14, 13, 12, 11, 10]);
    expect(ids(await listing(`${CURRIES}&sort=price_asc&filter=diet:Non-vegetarian`))).toEqual([10, 13]);
    const paged = await listing("/api/get-category-products?slug=curries&per_page=4&page=2&sort=price_asc");
    expect(paged).toMatchObject({ current_page: 2, last_page: 2, total: 6 });
    expect(ids(paged)).toEqual([10, 13]);
  });

  it("keeps ratings current as customers rate: the sort, the filter and its counts follow a new review", async () => {
    const tenant = await foodId();
    // A filtered or sorted list is kept for up to a minute, as the unfiltered one's counts are (ratings move them
    // without a marker), so each step asks for a page size no step asked for before.
    const curries = (perPage: number) => `/api/get-category-products?slug=curries&per_page=${perPage}`;
    const add = env.DB.prepare(
      "INSERT INTO product_reviews (tenant_id, id, product_id, rating, author, body, created_at) VALUES (?1, 900001, 12, 5, 'T', '', '2026-01-01')",
    ).bind(tenant);
    await add.run();
    expect(ids(await listing(`${curries(41)}&sort=rating`))).toEqual([12, 14, 10, 13, 11, 15]);
    expect(ratingCounts(await listing(`${curries(42)}&sort=price_asc`))[4]).toBe(4);
    await env.DB.prepare("UPDATE product_reviews SET rating = 1 WHERE tenant_id = ?1 AND id = 900001").bind(tenant).run();
    expect(ids(await listing(`${curries(43)}&rating=2`))).toEqual([10, 11, 13, 14]);
    await env.DB.prepare("DELETE FROM product_reviews WHERE tenant_id = ?1 AND id = 900001").bind(tenant).run();
    expect(ids(await listing(`${curries(44)}&sort=rating`))).toEqual([14, 10, 13, 11, 12, 15]);
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_ratings WHERE tenant_id = ?1 AND product_id = 12")
      .bind(tenant)
      .first();
    expect(row).toEqual({ n: 0 });
  });

  it("keeps a filtered list per isolate, so a popular filter reads D1 once, until a minute or a marker moves it", async () => {
    const tenant = await foodId();
    const rated = "/api/get-category-products?slug=curries&sort=rating&per_page=45";
    expect(ids(await listing(rated))).toEqual([14, 10, 13, 11, 12, 15]);
    await env.DB.prepare(
      "INSERT INTO product_reviews (tenant_id, id, product_id, rating, author, body, created_at) VALUES (?1, 900002, 12, 5, 'T', '', '2026-01-01')",
    )
      .bind(tenant)
      .run();
    try {
      const kept = await request("food.localhost", rated);
      expect(ids(await json<FilteredPage>(kept))).toEqual([14, 10, 13, 11, 12, 15]);
      expect(kept.headers.get("Server-Timing")).toMatch(/0 queries/);
      expect(ids(await listing("/api/get-category-products?slug=curries&sort=rating&per_page=46"))).toEqual([12, 14, 10, 13, 11, 15]);
    } finally {
      await env.DB.prepare("DELETE FROM product_reviews WHERE tenant_id = ?1 AND id = 900002").bind(tenant).run();
    }
  });

  it("counts and lists only what the visitor's branch sells, and the availability filter means that branch", async () => {
    // Mutton Biryani (7, non-veg) is not sold at Jayanagar (branch 3).
    const main = await listing("/api/get-category-products?slug=biryani&filter=diet:Non-vegetarian");
    expect(ids(main)).toEqual([6, 7, 9]);
    const jayanagar = await listing("/api/get-category-products?slug=biryani&filter=diet:Non-vegetarian&available=1&branch_id=3");
    expect(ids(jayanagar)).toEqual([6, 9]);
    expect(valueCounts(jayanagar, "diet")).toEqual({ Vegetarian: 1, "Non-vegetarian": 2 });
    expect(jayanagar.facets.available).toEqual({ selected: true, count: 2, more: false });
    expect((await listing("/api/get-category-products?slug=biryani&branch_id=3")).facets.available.count).toBe(3);
  });

  it("refuses what cannot be a filter, naming it", async () => {
    const refused = async (query: string) => {
      const response = await request("food.localhost", `/api/get-category-products?slug=curries&${query}`);
      expect(response.status, query).toBe(400);
      return (await json<{ code: string; message: string }>(response)).message;
    };
    expect(await refused("filter=colour:Red")).toMatch(/no filter value "colour:Red"/);
    expect(await refused("filter=diet:Vegan")).toMatch(/no filter value "diet:Vegan"/);
    expect(await refused("filter=diet")).toMatch(/must be key:value/);
    expect(await refused("sort=cheapest")).toMatch(/^sort:/);
    expect(await refused("rating=5")).toMatch(/^rating:/);
    expect(await refused("min_price=-1")).toMatch(/^min_price:/);
  });
});

describe("counts from a picked attribute's lists", () => {
  it("counts a product carrying two picked values once", async () => {
    // Retail t-shirts (stores/retail.json): 1 white S–XL, 2 green S–L, 3 blue M–XL (Fjord & Co), 4 grey S–XL.
    const response = await request("retail.localhost", "/api/get-category-products?slug=t-shirts&filter=size:S&filter=size:M");
    expect(response.status).toBe(200);
    const page = await json<FilteredPage>(response);
    expect(ids(page)).toEqual([1, 2, 3, 4]);
    expect(valueCounts(page, "colour")).toEqual({ White: 1, Grey: 1, Blue: 1, Green: 1, Beige: 0, Brown: 0 });
    expect(valueCounts(page, "brand")).toEqual({ Northwind: 3, "Fjord & Co": 1 });
    expect(page.facets.available.count).toBe(4);
    const narrowed = await json<FilteredPage>(
      await request(
        "retail.localhost",
        "/api/get-category-products?slug=t-shirts&filter=size:S&filter=size:M&filter=brand:Northwind&max_price=28",
      ),
    );
    expect(ids(narrowed)).toEqual([1]);
    expect(valueCounts(narrowed, "colour")).toMatchObject({ White: 1, Green: 0 });
    expect(narrowed.facets.available.count).toBe(1);
  });
});

describe("filters on search results", () => {
  it("narrows a search and counts within its matches; relevance keeps search's tiers", async () => {
    const base = "/api/search-products?q=paneer&per_page=48";
    const all = await listing(base);
    // Veg Dum Biryani (8) says paneer in its description only: the last tier.
    expect(ids(all)).toEqual([1, 11, 14, 25, 8]);
    expect(valueCounts(all, "spice")).toEqual({ Mild: 2, Medium: 3, Hot: 0 });
    // The ratings and availability beside a search count its matches, as the stored averages say.
    const { results: averages } = await env.DB.prepare(
      "SELECT average FROM product_ratings WHERE tenant_id = ?1 AND product_id IN (1, 11, 14, 25, 8)",
    )
      .bind(await foodId())
      .all<{ average: number }>();
    const expected = Object.fromEntries([4, 3, 2].map((min) => [min, averages.filter((r) => r.average >= min).length]));
    expect(expected[3]).toBeGreaterThan(0);
    expect(ratingCounts(all)).toEqual(expected);
    expect(all.facets.available).toEqual({ selected: false, count: 5, more: false });
    const mild = await listing(`${base}&filter=spice:Mild`);
    expect(ids(mild)).toEqual([11, 14]);
    expect(valueCounts(mild, "diet")).toEqual({ Vegetarian: 2, "Non-vegetarian": 0 });
    expect(ids(await listing(`${base}&sort=price_desc`))).toEqual([8, 1, 11, 14, 25]);
    expect(ids(await listing(`${base}&sort=price_asc`))).toEqual([25, 14, 11, 1, 8]);
    // With a filter, relevance still puts name matches before description-only ones, as the unfiltered search does.
    expect(ids(await listing(`${base}&min_price=0`))).toEqual([1, 11, 14, 25, 8]);
    expect(ids(await listing(`${base}&filter=diet:Vegetarian`))).toEqual([1, 11, 14, 25, 8]);
  });
});

describe("filters on a search past its counting walk", () => {
  it("says 'more' beside every count once a search has more matches than its counts walk, and counts exactly below that", async () => {
    const food = await foodId();
    // Products only this test names ("Zyxel …"), unrated, with no filter values: each count beside the search is 0 and
    // says "more" only because its walk stopped (SEARCH_COUNT_CAP matches).
    const insert = (count: number) =>
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO products (tenant_id, id, category_id, name, slug, selling_price, position)
         SELECT ?1, 900000 + i, NULL, 'Zyxel Lamp ' || i, 'zyxel-lamp-' || i, 100, 900000 + i FROM n`,
      )
        .bind(food, count)
        .run();
    const counts = (page: FilteredPage) => ({
      ratings: page.facets.ratings.map((r) => [r.count, r.more]),
      spice: page.facets.attributes.find((a) => a.key === "spice")?.values.map((v) => [v.count, v.more]),
    });
    const every = (more: boolean) => ({
      ratings: [
        [0, more],
        [0, more],
        [0, more],
      ],
      spice: [
        [0, more],
        [0, more],
        [0, more],
      ],
    });
    const keepFirst = (count: number) =>
      env.DB.prepare("DELETE FROM products WHERE tenant_id = ?1 AND id > ?2")
        .bind(food, 900000 + count)
        .run();
    try {
      await insert(SEARCH_COUNT_CAP + 1);
      const past = await listing("/api/search-products?q=zyxel&per_page=12");
      expect(past).toMatchObject({ total: SEARCH_COUNT_CAP, total_is_lower_bound: true });
      expect(counts(past)).toEqual(every(true));
      expect(counts(await listing("/api/search-products?q=zyxel&per_page=12&sort=price_asc"))).toEqual(every(true));
      // Exactly the cap: the walk saw its end, so the total and the counts are exact.
      await keepFirst(SEARCH_COUNT_CAP);
      const at = await listing("/api/search-products?q=zyxel&per_page=12");
      expect(at).toMatchObject({ total: SEARCH_COUNT_CAP, total_is_lower_bound: false });
      expect(counts(at)).toEqual(every(false));
      // A sorted or filtered search walks one match fewer before its counts are exact.
      await keepFirst(SEARCH_COUNT_CAP - 1);
      expect(counts(await listing("/api/search-products?q=zyxel&per_page=12&sort=price_asc"))).toEqual(every(false));
    } finally {
      await env.DB.prepare("DELETE FROM products WHERE tenant_id = ?1 AND id > 900000").bind(food).run();
    }
  });
});

describe("import: filterable attributes", () => {
  it("refuses a product value no filter declares, naming the field", async () => {
    const refused = refusedFoodImport;
    expect(
      await refused((s) => {
        (s.products[0] as { filter_values: Record<string, string> }).filter_values = { diet: "Vegan" };
      }),
    ).toMatch(/products\[0\]\.filter_values\.diet: must be among the values of filter diet/);
    expect(
      await refused((s) => {
        (s.products[0] as { filter_values: Record<string, string> }).filter_values = { size: "M" };
      }),
    ).toMatch(/products\[0\]\.filter_values\.size: no filter has key size/);
  });
});
