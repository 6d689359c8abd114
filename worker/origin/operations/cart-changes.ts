import type { OriginContext } from "../../api/origin-context";
import type { RequestReads } from "./read-once";

/** The cart's and the wishlist's changes a page calls (decision 066). */
export function cartChangeOperations(_o: OriginContext, _reads: RequestReads) {
  return {};
}
