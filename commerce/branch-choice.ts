import { type BranchDeliveryRules, servingBranch } from "./delivery-area";
import type { Point } from "./geo";

/** The spec's default branch when the store names no main branch (section 9). */
export const DEFAULT_BRANCH_ID = 1;

export interface ResolvedBranch {
  /** The branch the shopper's pages and calls are for. */
  id: number;
  /** The shopper chose it (the spec's manual_selection_done). */
  chosen: boolean;
  /** The visitor's position is known and no branch delivers there: the unserviceable screen. */
  unserviceable: boolean;
}

/**
 * Which branch a visitor is served by (DESIGN section 6): the branch they chose while it is still open to shoppers;
 * else the nearest branch that delivers to where they stand; else the main branch; else branch 1. A position no branch
 * serves is unserviceable, shown the main branch's store behind the unserviceable screen.
 */
export function resolveBranch(
  branches: (BranchDeliveryRules & { isMain: boolean })[],
  chosenId: number | null,
  position: Point | null,
): ResolvedBranch {
  const chosen = branches.find((b) => b.id === chosenId && !b.closed);
  if (chosen) return { id: chosen.id, chosen: true, unserviceable: false };
  const fallback = branches.find((b) => b.isMain)?.id ?? DEFAULT_BRANCH_ID;
  if (position === null) return { id: fallback, chosen: false, unserviceable: false };
  const serving = servingBranch(branches, position, fallback);
  return serving ? { id: serving.branch.id, chosen: false, unserviceable: false } : { id: fallback, chosen: false, unserviceable: true };
}
