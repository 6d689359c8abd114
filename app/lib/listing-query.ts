import { type ListingQuery, pickedText } from "../../commerce/catalogue-filters";

/** A listing query in the API's names (`filter` as its `key:value` texts), for the category and search loaders. */
export function listingApiQuery(query: ListingQuery) {
  return {
    sort: query.sort,
    min_price: query.minPrice,
    max_price: query.maxPrice,
    rating: query.rating,
    available: query.available ? ("1" as const) : ("0" as const),
    filter: query.values.map(pickedText),
  };
}
