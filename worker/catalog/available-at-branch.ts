import { soldAtBranch } from "./branch-availability";
import { inStockAtBranch } from "./stock";

/**
 * SQL true while the product row `alias` can be bought at the branch bound at `branchParam`: the one meaning of the
 * listing filter "Available at <branch>" (issue 28): sold there (migrations/0020) and not out of stock there
 * (decision 053; a product the branch does not count is in stock).
 */
export function availableAtBranch(branchParam: string, alias = "p"): string {
  return `(${soldAtBranch(branchParam, alias)} AND ${inStockAtBranch(branchParam, alias)})`;
}
