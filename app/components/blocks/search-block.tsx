import { Form } from "@remix-run/react";
import { SearchField } from "../search-field";

/** A plain GET form to /search, so it works the same with or without JavaScript. */
export function SearchBlock({ placeholder }: { placeholder?: string }) {
  return (
    <section data-testid="block-search_block">
      <Form method="get" action="/search" role="search">
        <label className="sr-only" htmlFor="home-search">
          Search
        </label>
        <SearchField id="home-search" maxLength={100} placeholder={placeholder || "Search for products..."} />
      </Form>
    </section>
  );
}
