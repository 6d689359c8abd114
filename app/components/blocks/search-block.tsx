import { Form } from "@remix-run/react";

/** A plain GET form to /search, so it works the same with or without JavaScript. */
export function SearchBlock({ placeholder }: { placeholder?: string }) {
  return (
    <section data-testid="block-search_block">
      <Form method="get" action="/search" role="search" className="flex gap-2">
        <label className="sr-only" htmlFor="home-search">
          Search
        </label>
        <input
          id="home-search"
          name="q"
          type="search"
          maxLength={100}
          placeholder={placeholder || "Search for products..."}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-4 py-2.5 focus:border-brand focus:outline-none"
        />
        <button type="submit" className="btn-brand">
          Search
        </button>
      </Form>
    </section>
  );
}
