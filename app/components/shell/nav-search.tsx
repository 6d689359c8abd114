import { Form, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { ProductSearchInput } from "../product-search-input";

const FORM_ID = "nav-search-form";
const INPUT_ID = "nav-search";
const pill = "rounded-full bg-brand-raised px-3 py-1.5 hover:bg-brand-raised-hover";

/**
 * Whether the nav's search form is open on a phone, where there is no room for it beside the store's name: a link
 * that opens it (a row over the one under the nav), focused. The form is always shown from 768 px up.
 */
export function useNavSearch() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A search that led to another page is done with; the next page starts with the row closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closed on each new page, the path itself is not read
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) document.getElementById(INPUT_ID)?.focus();
  }, [open]);
  return { open, toggle: () => setOpen((was) => !was) };
}

/**
 * The nav's product search: a GET form to /search with the suggesting box (product-search-input.tsx). Without
 * JavaScript a phone's link to it is a fragment link, and the form shows while it is the target.
 */
export function NavSearchForm({ open }: { open: boolean }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Store"
      id={FORM_ID}
      className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full gap-2 bg-brand px-4 pb-3 target:flex md:static md:flex md:max-w-md md:flex-1 md:p-0`}
    >
      <label className="sr-only" htmlFor={INPUT_ID}>
        Search for products
      </label>
      <ProductSearchInput
        id={INPUT_ID}
        maxLength={100}
        placeholder="Search for products..."
        className="min-w-0 flex-1 rounded-full bg-white px-4 py-1.5 text-sm text-ink"
      />
      <button type="submit" className={`${pill} text-sm`}>
        Search
      </button>
    </Form>
  );
}

/** The phone's Search link in the nav: opens the form's row, or without JavaScript shows it as the link's target. */
export function NavSearchToggle({ open, toggle }: { open: boolean; toggle: () => void }) {
  const hydrated = useHydrated();
  return (
    <a
      href={`#${FORM_ID}`}
      className={pill}
      aria-controls={FORM_ID}
      aria-expanded={hydrated ? open : undefined}
      onClick={(event) => {
        event.preventDefault();
        toggle();
      }}
    >
      Search
    </a>
  );
}
