import { describe, expect, it } from "vitest";
import { BENCH_CATEGORY_SLUG, BENCH_SEARCH, countMatches, generateStore } from "../../scripts/generate-store";
import { checkReferences } from "../../worker/store-import/check-references";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";

describe("the bench store generator", () => {
  const store = generateStore({ products: 2000, slug: "bench-test", hostnames: ["bench-test.localhost"] });

  it("writes a valid, consistent import file", () => {
    const parsed = storeFileSchema.safeParse(store);
    expect(parsed.success && checkReferences(parsed.data)).toEqual([]);
    const products = store.products ?? [];
    expect(products.filter((p) => (p.attributes ?? []).length > 0).length).toBeGreaterThan(100);
    expect(products.filter((p) => (p.multi_selectable_attributes ?? []).length > 0).length).toBeGreaterThan(30);
    expect(products.filter((p) => p.original_price !== null).length).toBeGreaterThan(200);
    expect(store.reviews?.length).toBeGreaterThan(20);
    expect(store.layout?.map((e) => e.code)).toEqual(expect.arrayContaining(["top_nav", "products_infinite_scroll"]));
  });

  it("is deterministic, and a smaller store is the start of a bigger one", () => {
    const small = generateStore({ products: 500, slug: "bench-test", hostnames: ["bench-test.localhost"] });
    expect(JSON.stringify(generateStore({ products: 2000, slug: "bench-test", hostnames: ["bench-test.localhost"] }))).toBe(
      JSON.stringify(store),
    );
    expect(small.products).toEqual(store.products?.slice(0, 500));
  });

  it("gives the bench search 1/64 of the products and the bench category about 1/20", () => {
    // Pairs are dealt 64 at a time, so the count is exact up to the last, partial deck.
    expect(Math.abs(countMatches(store, BENCH_SEARCH) - 2000 / 64)).toBeLessThanOrEqual(1);
    const categoryId = store.categories?.find((c) => c.slug === BENCH_CATEGORY_SLUG)?.id;
    const inCategory = store.products?.filter((p) => p.category_id === categoryId).length ?? 0;
    expect(inCategory).toBeGreaterThan(60);
    expect(inCategory).toBeLessThan(140);
  });

  it("--plain keeps each product's name, category and prices, and leaves out options, descriptions and reviews", () => {
    const plain = generateStore({ products: 2000, slug: "bench-test", hostnames: ["bench-test.localhost"], plain: true });
    const parsed = storeFileSchema.safeParse(plain);
    expect(parsed.success && checkReferences(parsed.data)).toEqual([]);
    expect(plain.reviews).toEqual([]);
    expect(plain.products).toEqual(
      store.products?.map(({ id, name, slug, category_id, images, selling_price, original_price, filter_values }) => ({
        id,
        name,
        slug,
        category_id,
        images: images?.slice(0, 1),
        selling_price,
        original_price,
        filter_values,
      })),
    );
  });
});
