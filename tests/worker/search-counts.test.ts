import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { generateStore } from "../../scripts/generate-store";
import type { FacetCount, FilteredPage } from "../../worker/catalog/filtered-products";
import { SEARCH_COUNT_CAP } from "../../worker/catalog/search-products";
import { importStore } from "../../worker/store-import/import-store";
import { json, request } from "./request";

// A generated store just past the search's cap (docs/decisions/071): "for" is in every description, so it matches every
// product, past the cap; "rustic" names 1/8 of the products, below it. Filter values: material (from the name) and
// colour (by id); about 5% of products have reviews; no branch stock is counted, so every match is available.
const PRODUCTS = SEARCH_COUNT_CAP + 100;
const HOST = "search-counts.localhost";
const store = generateStore({ products: PRODUCTS, slug: "search-counts", hostnames: [HOST] });
const products = store.products ?? [];

beforeAll(async () => {
  await importStore(env, store);
});

async function search(query: string, host = HOST): Promise<FilteredPage> {
  const response = await request(host, `/api/search-products?${query}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as FilteredPage;
}

type Product = (typeof products)[number];
const valuesOf = (p: Product) => p.filter_values as Record<string, string>;

/** Each product's average rating, from the generated reviews. */
function averages(): Map<number, number> {
  const sums = new Map<number, { total: number; count: number }>();
  for (const review of store.reviews ?? []) {
    const sum = sums.get(review.product_id) ?? { total: 0, count: 0 };
    sums.set(review.product_id, { total: sum.total + review.rating, count: sum.count + 1 });
  }
  return new Map([...sums].map(([id, { total, count }]) => [id, total / count]));
}

/** The counts beside the filters as the API gives them: `{ "colour:Black": [count, more], "rated:4": …, available }`. */
function countsOf(page: FilteredPage): Record<string, [number, boolean]> {
  const pair = ({ count, more }: FacetCount): [number, boolean] => [count, more];
  return Object.fromEntries([
    ...page.facets.attributes.flatMap((a) => a.values.map((v) => [`${a.key}:${v.value}`, pair(v)])),
    ...page.facets.ratings.map((r) => [`rated:${r.min}`, pair(r)]),
    ["available", pair(page.facets.available)],
  ]);
}

/** The counts a list of products should have beside each filter, exactly, as `countsOf` shows them. */
function expectedCounts(products: Product[], more: boolean): Record<string, [number, boolean]> {
  const rated = averages();
  const counts: Record<string, [number, boolean]> = {};
  for (const filter of store.filters ?? []) {
    for (const value of filter.values) {
      counts[`${filter.key}:${value}`] = [products.filter((p) => valuesOf(p)[filter.key] === value).length, more];
    }
  }
  for (const min of [4, 3, 2]) counts[`rated:${min}`] = [products.filter((p) => (rated.get(p.id) ?? 0) >= min).length, more];
  counts.available = [products.length, more];
  return counts;
}

describe("search counts below the cap", () => {
  it("gives the exact total and the exact count beside every filter, and the first page in listing order", async () => {
    const rustic = products.filter((p) => p.name.startsWith("Rustic "));
    expect(rustic.length).toBeGreaterThan(12);
    expect(rustic.length).toBeLessThan(SEARCH_COUNT_CAP);
    const page = await search("q=rustic&per_page=12");
    expect(page).toMatchObject({ total: rustic.length, total_is_lower_bound: false, last_page: Math.ceil(rustic.length / 12) });
    expect(page.data.map((p) => p.id)).toEqual(rustic.slice(0, 12).map((p) => p.id));
    expect(countsOf(page)).toEqual(expectedCounts(rustic, false));
    // Some counts are worth checking: the ratings beside this search are not all zero.
    expect(countsOf(page)["rated:2"]?.[0]).toBeGreaterThan(0);

    const rusticOak = rustic.filter((p) => p.name.startsWith("Rustic Oak "));
    const narrow = await search("q=rustic+oak&per_page=12");
    expect(narrow).toMatchObject({ total: rusticOak.length, total_is_lower_bound: false });
    expect(narrow.data.map((p) => p.id)).toEqual(rusticOak.map((p) => p.id));
    expect(countsOf(narrow)).toEqual(expectedCounts(rusticOak, false));
  });
});

describe("search words and the prefix indexes", () => {
  it("keeps an index for each word length from 2 to 10, and a word still matches the start of longer words", async () => {
    // A word with no index of its length has its terms' lists merged whole before the first match (decision 074).
    const table = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = 'products_search'").first<{ sql: string }>();
    expect(table?.sql).toContain("prefix = '2 3 4 5 6 7 8 9 10'");
    const rustic = products.filter((p) => p.name.startsWith("Rustic ")).map((p) => p.id);
    // "ru" would match rugs and runners too; from "rus" on only "rustic" begins with it, in names only.
    for (let length = 3; length <= "rustic".length; length++) {
      const word = "rustic".slice(0, length);
      const page = await search(`q=${word}&per_page=48`);
      expect(page.total, word).toBe(rustic.length);
      expect(page.data.map((p) => p.id)).toEqual(rustic.slice(0, 48));
    }
  });
});

describe("search counts past the cap", () => {
  it("counts the first SEARCH_COUNT_CAP matches and says 'more' beside every filter and the total", async () => {
    const page = await search("q=for&per_page=12");
    expect(page).toMatchObject({
      total: SEARCH_COUNT_CAP,
      total_is_lower_bound: true,
      last_page: Math.ceil(SEARCH_COUNT_CAP / 12),
    });
    // Every product matches in its description only (one tier), so the first page is the listing's first twelve.
    expect(page.data.map((p) => p.id)).toEqual(products.slice(0, 12).map((p) => p.id));
    const counts = countsOf(page);
    for (const [name, [count, more]] of Object.entries(counts)) {
      expect(more, name).toBe(true);
      // A lower bound: never more than the store really has.
      expect(count, name).toBeLessThanOrEqual(expectedCounts(products, false)[name]![0]);
    }
    // Each product has exactly one colour, so the colours' counts add up to the matches walked: the cap.
    const colours = Object.entries(counts).filter(([name]) => name.startsWith("colour:"));
    expect(colours.reduce((sum, [, [count]]) => sum + count, 0)).toBe(SEARCH_COUNT_CAP);
    expect(counts.available).toEqual([SEARCH_COUNT_CAP, true]);

    // The page shows the lower bounds as "N+", the total as "N+ results".
    const html = await (await request(HOST, "/search?q=for")).text();
    expect(html).toContain(`${SEARCH_COUNT_CAP}+ results for “for”`);
    expect(html).toContain(`${SEARCH_COUNT_CAP}+`);
  });

  it("keeps paging to the last match past the cap, with the count reaching each asked page", async () => {
    const deepPage = Math.ceil(SEARCH_COUNT_CAP / 12) + 2;
    expect(deepPage * 12).toBeLessThan(PRODUCTS);
    const deep = await search(`q=for&per_page=12&page=${deepPage}`);
    expect(deep).toMatchObject({ total: deepPage * 12, total_is_lower_bound: true, last_page: deepPage + 1 });
    expect(deep.data.map((p) => p.id)).toEqual(products.slice((deepPage - 1) * 12, deepPage * 12).map((p) => p.id));
    const lastPage = Math.ceil(PRODUCTS / 12);
    const last = await search(`q=for&per_page=12&page=${lastPage}`);
    expect(last).toMatchObject({ total: PRODUCTS, total_is_lower_bound: false, last_page: lastPage });
    // The walk reached every match, so the counts beside the filters are exact again.
    expect(countsOf(last)).toEqual(expectedCounts(products, false));
  });

  it("counts a filtered search exactly while what passes its filters is below the cap", async () => {
    // The walk stops after SEARCH_COUNT_CAP products that pass the other filters; fewer than that pass here.
    const cheapProducts = products.filter((p) => p.selling_price <= 250);
    expect(cheapProducts.length).toBeLessThan(SEARCH_COUNT_CAP);
    const cheap = await search("q=for&per_page=12&max_price=250");
    expect(cheap.data.map((p) => p.id)).toEqual(cheapProducts.slice(0, 12).map((p) => p.id));
    const cheapCounts = countsOf(cheap);
    const exact = expectedCounts(cheapProducts, false);
    for (const [name, count] of Object.entries(cheapCounts)) {
      if (name.includes(":") && !name.startsWith("rated:")) expect(count, name).toEqual(exact[name]);
      // The ratings and availability are counted in one walk of the matches, each checked against the other filters:
      // it stops after SEARCH_COUNT_CAP matches, so past that they are lower bounds that say so.
      else expect(count[1] ? count[0] <= exact[name]![0] : count[0] === exact[name]![0], name).toBe(true);
    }
    expect(cheapCounts.available?.[1]).toBe(true);

    // A picked value's list is the walk (decision 052), shorter than the cap here: every count is exact.
    const black = await search("q=for&per_page=48&filter=colour:Black");
    const blacks = products.filter((p) => valuesOf(p).colour === "Black");
    expect(black).toMatchObject({ total: blacks.length, total_is_lower_bound: false });
    expect(black.data.map((p) => p.id)).toEqual(blacks.slice(0, 48).map((p) => p.id));
    const counts = countsOf(black);
    const ofBlack = expectedCounts(blacks, false);
    const ofAll = expectedCounts(products, false);
    for (const [name, count] of Object.entries(counts))
      expect(count, name).toEqual(name.startsWith("colour:") ? ofAll[name] : ofBlack[name]);
  });
});

describe("search input it cannot use", () => {
  it("answers junk and very long text with a result, never a server error", async () => {
    const junk = ['"', "NEAR(a b)", "*", "{name}:x", "'; DROP TABLE products; --", "\u0000", "🪑🪑", "a".repeat(100), "oak ".repeat(25)];
    for (const q of junk) {
      const response = await request(HOST, `/api/search-products?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      const page = await json<FilteredPage>(response);
      expect(page.total_is_lower_bound, q).toBe(false);
      const html = await request(HOST, `/search?q=${encodeURIComponent(q)}`);
      expect(html.status, q).toBe(200);
    }
    // The ninth word on is dropped (worker/catalog/search-products.ts), so a long query costs no more than eight words.
    expect((await search(`q=${encodeURIComponent("rustic oak ".repeat(9))}`)).total).toBe((await search("q=rustic+oak")).total);
  });

  it("refuses a query over 100 characters or a filter the store does not declare, naming the field", async () => {
    const refused = async (path: string, host = HOST) => {
      const response = await request(host, path);
      expect(response.status, path).toBe(400);
      const body = await json<{ code: string; message: string }>(response);
      expect(body.code, path).toBe("invalid_input");
      return body.message;
    };
    expect(await refused(`/api/search-products?q=${"a".repeat(101)}`)).toMatch(/q/);
    // The food store's diet filter, asked of this store; this store's material filter, asked of the food store.
    expect(await refused("/api/search-products?q=oak&filter=diet:Vegetarian")).toMatch(
      /filter: this store has no filter value "diet:Vegetarian"/,
    );
    expect(await refused("/api/search-products?q=pizza&filter=material:Oak", "food.localhost")).toMatch(/filter: .*"material:Oak"/);
    expect(await refused("/api/search-products?q=oak&filter=colour:Mauve")).toMatch(/"colour:Mauve"/);
    expect(await refused("/api/search-products?q=oak&filter=nonsense")).toMatch(/filter/);
    // The page reads its address leniently: another store's filter is not a server error.
    const page = await request(HOST, "/search?q=oak&filter=diet:Vegetarian");
    expect(page.status).toBeLessThan(500);
  });
});
