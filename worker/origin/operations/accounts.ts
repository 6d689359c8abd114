import type { OriginContext } from "../../api/origin-context";
import type { RequestReads } from "./read-once";

/** Accounts a page calls (decision 066): signing in and out, the profile, addresses, branches, rewards. */
export function accountOperations(_o: OriginContext, _reads: RequestReads) {
  return {};
}
