import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { PagedList } from "../components/paged-list";
import { RatingSummary, ReviewList } from "../components/product/reviews";
import { useT } from "../i18n/use-t";
import { catalogueHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { reviewsTitle } from "../lib/catalogue-texts.server";
import { requestedPage } from "../lib/paging";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { notFoundMeta, routeMeta } from "../lib/route-meta";

const PER_PAGE = 10;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const productId = params.productId ?? "";
  // A product id is digits; anything else names no product.
  if (!/^\d{1,10}$/.test(productId)) throw new Response("Not found", { status: 404 });
  const page = requestedPage(request);
  const [product, reviews] = await Promise.all([
    context.origin.product({ slug: productId }),
    context.origin.productReviews({ product_id: Number(productId), page, per_page: PER_PAGE }),
  ]);
  // Worded here: `meta` reads it from the data, and cannot ask for the page's messages itself.
  const title = reviewsTitle(context, product.name);
  return {
    title,
    product: { id: product.id, name: product.name, slug: product.slug },
    reviews,
    canonical: canonicalUrl(request, `/product/reviews/${product.id}`),
  };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = catalogueHeaders;

export default function ProductReviewsPage() {
  const { product, reviews } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="reviews-page">
      <p className="mb-1 text-sm text-gray-600">
        <Link to={`/product/${product.slug}`} className="hover:underline">
          {product.name}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-semibold text-ink">{t("product.reviews_title")}</h1>
      <RatingSummary summary={reviews} />
      <PagedList
        firstPage={reviews}
        dataKey="reviews"
        pageHref={(page) => `/product/reviews/${product.id}?page=${page}`}
        emptyText={t("product.no_reviews")}
        testId="review-list"
        renderItems={(items) => <ReviewList reviews={items} />}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? routeMeta(matches, { kind: "product", title: data.title, canonical: data.canonical }) : notFoundMeta(matches);

export const ErrorBoundary = ErrorPage;
