import type { BranchChoice } from "../../../worker/branches/branch-choice-answer";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { ChooseBranchForm, type ChooseProps } from "./choose-branch-form";

/**
 * A place and whether the store delivers there: the branch that would, with a button to choose it, or the spec's
 * 'Sorry! We don't deliver here'. The place's text is the geocoder's (or what the shopper typed): shown as text.
 */
export function PlaceVerdict({ place, branch, ...choose }: ChooseProps & { place: { label: string }; branch: BranchChoice | null }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-3" data-testid="place-verdict">
      <span className="font-medium text-ink" data-testid="place-label">
        {place.label}
      </span>
      {branch ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm text-gray-700">
            {withElements(t("location.delivered_from", slots("branch")), { branch: <strong>{branch.name}</strong> })}
          </span>
          <ChooseBranchForm branchId={branch.id} {...choose}>
            {t("location.deliver_from_here")}
            <span className="sr-only">{` ${t("location.deliver_from_to", { branch: branch.name, place: place.label })}`}</span>
          </ChooseBranchForm>
        </div>
      ) : (
        <p className="text-sm font-medium text-red-800" data-testid="not-served">
          {t("location.not_delivered_here")}
        </p>
      )}
    </div>
  );
}
