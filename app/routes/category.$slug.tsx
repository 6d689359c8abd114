import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { isFiltered, listingHref, listingQueryFromUrl } from "../../commerce/catalogue-filters";
import { ListingFilters } from "../components/catalog/listing-filters";
import { ListingResults } from "../components/catalog/listing-results";
import { ErrorPage } from "../components/error-page";
import { useT } from "../i18n/use-t";
import { textPageHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { homeCrumb } from "../lib/catalogue-texts.server";
import { listingApiQuery } from "../lib/listing-query";
import { requestedPage } from "../lib/paging";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { notFoundMeta, routeMeta } from "../lib/route-meta";
import { breadcrumbList } from "../lib/structured-data";

const PER_PAGE = 12;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const page = requestedPage(request);
  const query = listingQueryFromUrl(new URL(request.url).searchParams);
  const [category, products] = await Promise.all([
    context.origin.category({ slug }),
    context.origin.categoryProducts({ slug, page, per_page: PER_PAGE, ...listingApiQuery(query) }),
  ]);
  const path = `/category/${category.slug}`;
  return {
    category,
    products,
    query,
    // A filtered or sorted list is the category's own page narrowed: search engines are pointed at the category.
    canonical: canonicalUrl(request, page > 1 && !isFiltered(query) && query.sort === "relevance" ? `${path}?page=${page}` : path),
    structuredData: [
      breadcrumbList([
        { name: homeCrumb(context), url: canonicalUrl(request, "/") },
        { name: category.name, url: canonicalUrl(request, path) },
      ]),
    ],
  };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = textPageHeaders;

export default function CategoryPage() {
  const { category, products, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useT();
  const path = `/category/${category.slug}`;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="category-page">
      <nav aria-label={t("catalogue.breadcrumb_label")} className="mb-2 text-sm text-gray-600">
        <Link to="/" className="hover:underline">
          {t("catalogue.home")}
        </Link>{" "}
        / <span aria-current="page">{category.name}</span>
      </nav>
      <h1 className="mb-1 text-2xl font-semibold text-ink">{category.name}</h1>
      <p className="mb-4 text-sm text-gray-600" data-testid="result-count" aria-live="polite">
        {products.total_is_lower_bound
          ? t("catalogue.product_count_at_least", { count: products.total })
          : t("catalogue.product_count", { count: products.total })}
      </p>
      {/* The list's name for the outline, between the page's <h1> and the cards' <h3> (heading order). */}
      <h2 className="sr-only">{t("catalogue.category_products", { name: category.name })}</h2>
      <ListingFilters action={path} query={query} facets={products.facets} />
      <ListingResults
        key={`${category.id}${search}`}
        firstPage={products}
        filtered={isFiltered(query)}
        clearHref={path}
        pageHref={(page) => listingHref(path, query, { page })}
        emptyText={t("catalogue.category_empty")}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? routeMeta(matches, {
        kind: "category",
        title: data.category.name,
        canonical: data.canonical,
        image: data.category.primary_image,
        structuredData: data.structuredData,
      })
    : notFoundMeta(matches);

export const ErrorBoundary = ErrorPage;
