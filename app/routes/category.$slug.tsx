import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PagedProducts } from "../components/catalog/paged-products";
import { ErrorPage } from "../components/error-page";
import { catalogueHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { readOrigin } from "../lib/origin.server";
import { requestedPage } from "../lib/paging";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { routeMeta } from "../lib/route-meta";
import { breadcrumbList } from "../lib/structured-data";

const PER_PAGE = 12;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const page = requestedPage(request);
  const [category, products] = await Promise.all([
    context.origin.api["get-category"].$get({ query: { slug } }).then(readOrigin),
    context.origin.api["get-category-products"].$get({ query: { slug, page: String(page), per_page: String(PER_PAGE) } }).then(readOrigin),
  ]);
  const path = `/category/${category.slug}`;
  return {
    category,
    products,
    canonical: canonicalUrl(request, page > 1 ? `${path}?page=${page}` : path),
    structuredData: [
      breadcrumbList([
        { name: "Home", url: canonicalUrl(request, "/") },
        { name: category.name, url: canonicalUrl(request, path) },
      ]),
    ],
  };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = catalogueHeaders;

export default function CategoryPage() {
  const { category, products } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="category-page">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-gray-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>{" "}
        / <span aria-current="page">{category.name}</span>
      </nav>
      <h1 className="mb-1 text-2xl font-semibold text-ink">{category.name}</h1>
      <p className="mb-4 text-sm text-gray-600" data-testid="result-count">
        {products.total === 1 ? "1 product" : `${products.total} products`}
      </p>
      <PagedProducts
        key={category.id}
        firstPage={products}
        pageHref={(page) => `/category/${category.slug}?page=${page}`}
        emptyText="There are no products in this category yet."
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
    : [{ title: "Page not found" }];

export const ErrorBoundary = ErrorPage;
