import type { BranchChoice } from "../../../worker/branches/branch-choice-answer";
import { useT } from "../../i18n/use-t";
import { ChooseBranchForm, type ChooseProps } from "./choose-branch-form";

/** "1.2", from the API's distance in km. */
function distance(km: number): string {
  return km < 10 ? km.toFixed(1) : String(Math.round(km));
}

/**
 * The store's branches, each with its distance when the shopper's place is known, whether it is open now, and a
 * button to choose it (named by the branch, for screen readers). A branch closed to shoppers cannot be chosen, nor is the
 * one the shopper has already chosen offered again.
 */
export function BranchList({
  branches,
  currentId,
  chosen,
  ...choose
}: ChooseProps & {
  branches: readonly BranchChoice[];
  /** The branch the shopper is served from now. */
  currentId: number;
  /** They chose it themselves; until then it can be chosen too (a visitor nobody serves is shown the main branch). */
  chosen: boolean;
}) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-3" data-testid="branch-list">
      {branches.map((branch) => {
        const current = branch.id === currentId;
        return (
          <li key={branch.id} className="card flex items-start justify-between gap-3 p-4" data-testid="branch-choice">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-semibold text-ink">{branch.name}</span>
              {branch.address ? <span className="text-sm text-gray-700">{branch.address}</span> : null}
              <span className="text-sm text-gray-700">
                {branch.closed ? t("location.closed") : branch.open_now ? t("location.open_now") : t("location.closed_now")}
                {branch.distance_km === null ? null : ` · ${t("location.distance_away", { distance: distance(branch.distance_km) })}`}
                {branch.distance_km !== null && !branch.serves ? ` · ${t("location.not_delivering_to_you")}` : null}
              </span>
              {current ? (
                <span className="text-sm font-medium text-brand" data-testid="current-branch-badge">
                  {t("location.your_branch_now")}
                </span>
              ) : null}
            </div>
            {current && chosen ? null : (
              <ChooseBranchForm branchId={branch.id} disabled={branch.closed} {...choose}>
                {branch.serves && branch.distance_km !== null ? t("location.deliver_from_here") : t("location.choose")}
                <span className="sr-only">{` ${branch.name}`}</span>
              </ChooseBranchForm>
            )}
          </li>
        );
      })}
    </ul>
  );
}
