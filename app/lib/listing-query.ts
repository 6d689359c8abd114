import { type ListingQuery, listingQueryParams } from "../../commerce/catalogue-filters";

/** A listing query as the API's query object (`filter` repeated), for the category and search loaders. */
export function listingApiQuery(query: ListingQuery): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of listingQueryParams(query)) {
    if (name === "filter") out.filter = [...((out.filter as string[] | undefined) ?? []), value];
    else out[name] = value;
  }
  return out;
}
