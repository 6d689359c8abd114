import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { useT } from "../../i18n/use-t";
import { LOCATION_PATH } from "../../lib/location";
import { SearchField } from "../search-field";

/**
 * The place search: an area, street or pincode. Without JavaScript it asks the /location page (`?q=`); the drawer
 * takes the submission and asks the geocoder itself.
 */
export function PlaceSearchForm({
  q,
  redirectTo,
  onSearch,
  idPrefix,
}: {
  q?: string;
  redirectTo?: string;
  onSearch?: (event: FormEvent<HTMLFormElement>) => void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-place-q`;
  const t = useT();
  return (
    <Form method="get" action={LOCATION_PATH} role="search" className="flex flex-col gap-1" onSubmit={onSearch}>
      {redirectTo && redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t("location.search_label")}
      </label>
      <SearchField id={id} defaultValue={q} required minLength={2} maxLength={200} autoComplete="off" />
    </Form>
  );
}
