import { Form } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import { ProductSearchInput } from "../product-search-input";

const FORM_ID = "nav-search-form";
const INPUT_ID = "nav-search";
const pill = "rounded-full bg-brand-raised px-3 py-1.5 hover:bg-brand-raised-hover";

/**
 * The nav's product search: a GET form to /search with the suggesting box (product-search-input.tsx). From 768 px up
 * it sits in the nav's row; on a phone, where the store's name needs that room, it is a row over the location row,
 * shown while the keyboard is in it or, without JavaScript, while it is the address's target (NavSearchLink).
 */
export function NavSearchForm() {
  const t = useT();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t("shell.search_label")}
      id={FORM_ID}
      className="nav-search absolute inset-x-0 top-full flex gap-2 bg-brand px-4 pb-3 md:static md:max-w-md md:flex-1 md:p-0"
    >
      <label className="sr-only" htmlFor={INPUT_ID}>
        {t("shell.search_field")}
      </label>
      <ProductSearchInput
        id={INPUT_ID}
        maxLength={100}
        placeholder={t("shell.search_placeholder")}
        className="min-w-0 flex-1 rounded-full bg-white px-4 py-1.5 text-sm text-ink"
      />
      <button type="submit" className={`${pill} text-sm`}>
        {t("shell.search")}
      </button>
    </Form>
  );
}

/**
 * The phone's Search link: to the form as its target, a plain link rather than the router's, so that without
 * JavaScript the browser shows the form. With it the link focuses the box instead, which shows the form too (and
 * starts the combobox's code on its way): a target would stay one after the router's next page.
 */
export function NavSearchLink() {
  const t = useT();
  return (
    <a
      href={`#${FORM_ID}`}
      className={pill}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(INPUT_ID)?.focus();
      }}
    >
      {t("shell.search")}
    </a>
  );
}
