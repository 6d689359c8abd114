import type { OriginContext } from "../../api/origin-context";
import type { RequestReads } from "./read-once";

/** The catalogue's reads a page calls (decision 066): products, categories, search, reviews, sitemaps, content. */
export function catalogueOperations(_o: OriginContext, _reads: RequestReads) {
  return {};
}
