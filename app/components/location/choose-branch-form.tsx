import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { LOCATION_PATH } from "../../lib/location";

export interface ChooseProps {
  /** Where a plain form comes back to after the choice. */
  redirectTo: string;
  /** The drawer sends the same form through its fetcher (app/lib/location-form.ts); without it the form posts. */
  onChoose?: (event: FormEvent<HTMLFormElement>) => void;
  /** A choice is on its way: no second one meanwhile. */
  busy?: boolean;
}

/** One button that chooses a branch: the same form on the /location page and in the drawer. */
export function ChooseBranchForm({
  branchId,
  redirectTo,
  onChoose,
  busy = false,
  disabled = false,
  children,
}: ChooseProps & { branchId: number; disabled?: boolean; children: ReactNode }) {
  return (
    <Form method="post" action={LOCATION_PATH} onSubmit={onChoose} className="shrink-0">
      <input type="hidden" name="branch_id" value={branchId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="btn-brand whitespace-nowrap px-3 py-1.5 text-sm"
        disabled={disabled || busy}
        data-testid="choose-branch"
      >
        {children}
      </button>
    </Form>
  );
}
