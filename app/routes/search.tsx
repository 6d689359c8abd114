import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { isFiltered, listingHref, listingQueryFromUrl, NO_FILTERS } from "../../commerce/catalogue-filters";
import { ListingFilters } from "../components/catalog/listing-filters";
import { ListingResults } from "../components/catalog/listing-results";
import { ErrorPage } from "../components/error-page";
import { SearchField } from "../components/search-field";
import { useT } from "../i18n/use-t";
import { textPageHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { searchTexts } from "../lib/catalogue-texts.server";
import { listingApiQuery } from "../lib/listing-query";
import { requestedPage } from "../lib/paging";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { routeMeta, storeTitle } from "../lib/route-meta";

const PER_PAGE = 12;
/** The API's limit; a longer query is cut rather than refused, as a search box would. */
const MAX_QUERY = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY).trim();
  const canonical = canonicalUrl(request, "/search");
  const query = listingQueryFromUrl(new URL(request.url).searchParams);
  if (!q) return { q, products: null, count: null, query, canonical, title: searchTexts(context, q, null).title };
  const page = requestedPage(request);
  const products = await context.origin.searchProducts({ q, page, per_page: PER_PAGE, ...listingApiQuery(query) });
  // Worded here, not in the page's component: the words travel with the data, the code stays on the server.
  return { q, products, query, canonical, ...searchTexts(context, q, products) };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = textPageHeaders;

export default function SearchPage() {
  const { q, products, count, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="search-page">
      <h1 className="mb-4 text-2xl font-semibold text-ink">{t("catalogue.search_title")}</h1>
      <Form method="get" action="/search" role="search" className="mb-6">
        <label className="sr-only" htmlFor="search-q">
          {t("shell.search_field")}
        </label>
        <SearchField
          products
          id="search-q"
          defaultValue={q}
          key={q}
          maxLength={MAX_QUERY}
          placeholder={t("shell.search_placeholder")}
          // The search page exists to type into this box.
          autoFocus={!q}
        />
      </Form>
      {products ? (
        <>
          <p className="mb-4 text-sm text-gray-600" data-testid="result-count" aria-live="polite">
            {count}
          </p>
          {/* The list's name for the outline, between the page's <h1> and the cards' <h3> (heading order). */}
          <h2 className="sr-only">{t("catalogue.search_results_heading")}</h2>
          {products.facets ? <ListingFilters action="/search" q={q} query={query} facets={products.facets} /> : null}
          <ListingResults
            key={search}
            firstPage={products}
            filtered={isFiltered(query)}
            clearHref={listingHref("/search", NO_FILTERS, { q })}
            pageHref={(page) => listingHref("/search", query, { q, page })}
            emptyText={t("catalogue.search_empty")}
            testId="search-results"
          />
        </>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...routeMeta(matches, { kind: "general", title: data?.title ?? storeTitle(matches), canonical: data?.canonical }),
  // Result pages are endless and thin; the products themselves are what should be indexed.
  { name: "robots", content: "noindex, follow" },
];

export const ErrorBoundary = ErrorPage;
