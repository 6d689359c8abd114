import { describe, expect, it } from "vitest";
import { listingHref, listingQueryFromUrl, listingQueryParams, NO_FILTERS, parsePicked } from "../../commerce/catalogue-filters";

describe("the listing query in a page's address", () => {
  it("reads what it can use and drops the rest, leniently", () => {
    const query = listingQueryFromUrl(
      new URLSearchParams("sort=cheapest&min_price=abc&max_price=300&rating=5&available=1&filter=diet:Vegetarian&filter=diet&filter=Bad:x"),
    );
    expect(query).toEqual({
      sort: "relevance",
      minPrice: undefined,
      maxPrice: 300,
      rating: undefined,
      available: true,
      values: [{ key: "diet", value: "Vegetarian" }],
    });
  });

  it("writes one address per list: defaults left out, in a fixed order", () => {
    const query = listingQueryFromUrl(new URLSearchParams("filter=spice:Hot&rating=4&sort=price_desc&min_price=&available=0"));
    expect(new URLSearchParams(listingQueryParams(query)).toString()).toBe("sort=price_desc&rating=4&filter=spice%3AHot");
    expect(parsePicked("size:XL")).toEqual({ key: "size", value: "XL" });
    expect(parsePicked(":XL")).toBeNull();
  });

  it("gives a list's address: the text, the query, a branch and a later page, in that order, the empty ones left out", () => {
    const query = listingQueryFromUrl(new URLSearchParams("sort=price_desc&filter=spice:Hot"));
    expect(listingHref("/search", query, { q: "paneer tikka", branchId: 3, page: 2 })).toBe(
      "/search?q=paneer+tikka&sort=price_desc&filter=spice%3AHot&branch_id=3&page=2",
    );
    expect(listingHref("/category/pizzas", query, { q: "", branchId: null, page: 1 })).toBe(
      "/category/pizzas?sort=price_desc&filter=spice%3AHot",
    );
    expect(listingHref("/category/pizzas", NO_FILTERS)).toBe("/category/pizzas");
  });
});
