import { Form } from "@remix-run/react";
import { SearchField } from "../search-field";

/** A GET form to /search, so it works the same without JavaScript; with it, the box suggests products while typing. */
export function SearchBlock({ placeholder }: { placeholder?: string }) {
  return (
    <section data-testid="block-search_block">
      <Form method="get" action="/search" role="search">
        <label className="sr-only" htmlFor="home-search">
          Search
        </label>
        <SearchField products id="home-search" maxLength={100} placeholder={placeholder || "Search for products..."} />
      </Form>
    </section>
  );
}
