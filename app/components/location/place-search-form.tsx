import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { LOCATION_PATH } from "../../lib/location";

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
  return (
    <Form method="get" action={LOCATION_PATH} role="search" className="flex flex-col gap-1" onSubmit={onSearch}>
      {redirectTo && redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Area, street or pincode
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          required
          minLength={2}
          maxLength={200}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
        />
        <button type="submit" className="btn-brand">
          Search
        </button>
      </div>
    </Form>
  );
}
