import { Form } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import { SearchField } from "../search-field";

/** A GET form to /search, so it works the same without JavaScript; with it, the box suggests products while typing. */
export function SearchBlock({ placeholder }: { placeholder?: string }) {
  const t = useT();
  return (
    <section data-testid="block-search_block">
      <Form method="get" action="/search" role="search">
        <label className="sr-only" htmlFor="home-search">
          {t("shell.search")}
        </label>
        <SearchField products id="home-search" maxLength={100} placeholder={placeholder || t("shell.search_placeholder")} />
      </Form>
    </section>
  );
}
