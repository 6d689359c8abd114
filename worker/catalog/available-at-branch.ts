import { soldAtBranch } from "./branch-availability";

/**
 * SQL true while the product row `alias` is available at the branch bound at `branchParam`: the one meaning of the
 * listing filter "Available at <branch>" (issue 28). Today that is "sold there" (migrations/0020); per-branch stock is
 * to join it here, and the filter, its count and its tests follow.
 */
export function availableAtBranch(branchParam: string, alias = "p"): string {
  return soldAtBranch(branchParam, alias);
}
