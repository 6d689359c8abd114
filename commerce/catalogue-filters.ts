/**
 * What a shopper may narrow and order a product list by (category pages and search results, issue 28): the one place
 * the URL's and the API's names, limits and defaults are written, for the page, the API and the importer alike.
 */

import type { MessageId } from "./i18n/compiled/message-ids";

export const SORTS = ["relevance", "price_asc", "price_desc", "rating", "newest"] as const;
export type Sort = (typeof SORTS)[number];

/** Each order's name in the sort menu, as a message id: the page says it in its own language. */
export const SORT_LABELS = {
  relevance: "catalogue.sort_relevance",
  price_asc: "catalogue.sort_price_asc",
  price_desc: "catalogue.sort_price_desc",
  rating: "catalogue.sort_rating",
  newest: "catalogue.sort_newest",
} as const satisfies Record<Sort, MessageId>;

/** "Rated N and up" choices, best first. */
export const RATING_THRESHOLDS = [4, 3, 2] as const;

/** How many attribute values one request may pick (each is a bound value; D1 binds at most 100 per statement). */
export const MAX_PICKED_VALUES = 20;

/** A store's filter key: lowercase letters, digits and underscores, as it appears in the URL (`filter=diet:veg`). */
export const FILTER_KEY = /^[a-z][a-z0-9_]{0,31}$/;

export interface PickedValue {
  key: string;
  value: string;
}

/** The filters and order asked for; everything optional is absent when not asked for. */
export interface ListingQuery {
  sort: Sort;
  /** Major units, as the shopper reads prices. */
  minPrice?: number;
  maxPrice?: number;
  /** Products rated this or better. */
  rating?: number;
  /** Only products available at the visitor's branch. */
  available: boolean;
  values: PickedValue[];
}

export const NO_FILTERS: ListingQuery = { sort: "relevance", available: false, values: [] };

/** `diet:veg` as a picked value; null for text that is not one (no colon, a key that cannot be a filter key). */
export function parsePicked(text: string): PickedValue | null {
  const colon = text.indexOf(":");
  if (colon < 1) return null;
  const key = text.slice(0, colon);
  const value = text.slice(colon + 1);
  return FILTER_KEY.test(key) && value.length > 0 && value.length <= 60 ? { key, value } : null;
}

export const pickedText = (picked: PickedValue) => `${picked.key}:${picked.value}`;

/** Whether the query narrows the list at all (a different order alone narrows nothing). */
export function isFiltered(query: ListingQuery): boolean {
  return (
    query.minPrice !== undefined || query.maxPrice !== undefined || query.rating !== undefined || query.available || query.values.length > 0
  );
}

function price(text: string | null): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1e9 ? value : undefined;
}

/**
 * The listing query of a page's address. Lenient, as a search box is: a value that cannot be used is left out rather
 * than refused, since anyone can edit an address (the API, which programs call, refuses them instead).
 */
export function listingQueryFromUrl(params: URLSearchParams): ListingQuery {
  const sort = params.get("sort");
  const rating = Number(params.get("rating"));
  const seen = new Set<string>();
  const values: PickedValue[] = [];
  for (const text of params.getAll("filter")) {
    const picked = parsePicked(text);
    if (picked && !seen.has(text) && values.length < MAX_PICKED_VALUES) values.push(picked);
    seen.add(text);
  }
  return {
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : "relevance",
    minPrice: price(params.get("min_price")),
    maxPrice: price(params.get("max_price")),
    rating: (RATING_THRESHOLDS as readonly number[]).includes(rating) ? rating : undefined,
    available: params.get("available") === "1",
    values,
  };
}

/**
 * A list's address: the search text, the query's parameters, a branch asked for and the page past the first, in that
 * order, the empty ones left out. The pages' links and the agents' markdown links alike, so one list has one address.
 */
export function listingHref(path: string, query: ListingQuery, at: { q?: string; branchId?: number | null; page?: number } = {}): string {
  const params = new URLSearchParams([...(at.q ? [["q", at.q] as [string, string]] : []), ...listingQueryParams(query)]);
  if (at.branchId != null) params.set("branch_id", String(at.branchId));
  if (at.page && at.page > 1) params.set("page", String(at.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The query as address parameters, in one fixed order, leaving defaults out (so one list has one address). */
export function listingQueryParams(query: ListingQuery): [string, string][] {
  const params: [string, string][] = [];
  if (query.sort !== "relevance") params.push(["sort", query.sort]);
  if (query.minPrice !== undefined) params.push(["min_price", String(query.minPrice)]);
  if (query.maxPrice !== undefined) params.push(["max_price", String(query.maxPrice)]);
  if (query.rating !== undefined) params.push(["rating", String(query.rating)]);
  if (query.available) params.push(["available", "1"]);
  for (const picked of query.values) params.push(["filter", pickedText(picked)]);
  return params;
}
