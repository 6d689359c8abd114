import type { OriginContext } from "../../api/origin-context";
import type { RequestReads } from "./read-once";

/** Orders and their payments a page calls (decision 066): checkout, placing, paying, an order's life. */
export function orderOperations(_o: OriginContext, _reads: RequestReads) {
  return {};
}
