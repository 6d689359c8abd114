import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { PagedList } from "../components/paged-list";
import { StarRating } from "../components/product/star-rating";
import { canonicalUrl } from "../lib/canonical";
import { readOrigin } from "../lib/origin.server";
import { requestedPage } from "../lib/paging";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { routeMeta } from "../lib/route-meta";

const PER_PAGE = 10;
const STARS = ["5", "4", "3", "2", "1"] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const productId = params.productId ?? "";
  // A product id is digits; anything else names no product.
  if (!/^\d{1,10}$/.test(productId)) throw new Response("Not found", { status: 404 });
  const page = requestedPage(request);
  const [product, reviews] = await Promise.all([
    context.origin.api["get-product"].$get({ query: { slug: productId } }).then(readOrigin),
    context.origin.api["get-product-reviews"]
      .$get({ query: { product_id: productId, page: String(page), per_page: String(PER_PAGE) } })
      .then(readOrigin),
  ]);
  return {
    product: { id: product.id, name: product.name, slug: product.slug },
    reviews,
    canonical: canonicalUrl(request, `/product/reviews/${product.id}`),
  };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export default function ProductReviewsPage() {
  const { product, reviews } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="reviews-page">
      <p className="mb-1 text-sm text-gray-500">
        <Link to={`/product/${product.slug}`} className="hover:underline">
          {product.name}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-semibold text-ink">Ratings and reviews</h1>
      <section className="card mb-6 flex flex-wrap items-center gap-6 p-4" data-testid="rating-summary">
        <div className="text-center">
          <p className="text-4xl font-bold text-ink" data-testid="average-rating">
            {reviews.average_rating.toFixed(1)}
          </p>
          <StarRating rating={reviews.average_rating} />
          <p className="mt-1 text-xs text-gray-500" data-testid="rating-counts">
            {reviews.rating_count} ratings · {reviews.review_count} reviews
          </p>
        </div>
        <dl className="min-w-40 flex-1 space-y-1 text-sm">
          {STARS.map((star) => {
            const count = reviews.grouped_ratings[star];
            const share = reviews.rating_count ? (count / reviews.rating_count) * 100 : 0;
            return (
              <div key={star} className="flex items-center gap-2">
                <dt className="w-6 text-gray-600">
                  {star}
                  <span aria-hidden="true">★</span>
                  <span className="sr-only"> stars</span>
                </dt>
                <dd className="flex flex-1 items-center gap-2">
                  <span className="h-2 flex-1 overflow-hidden rounded bg-gray-200" aria-hidden="true">
                    <span className="block h-full bg-brand" style={{ width: `${share}%` }} />
                  </span>
                  <span className="w-6 text-right text-gray-500">{count}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      <PagedList
        firstPage={reviews}
        dataKey="reviews"
        pageHref={(page) => `/product/reviews/${product.id}?page=${page}`}
        emptyText="No reviews yet."
        testId="review-list"
        renderItems={(items) => (
          <ul className="space-y-3">
            {items.map((review) => (
              <li key={review.id} className="card p-4" data-testid="review">
                <div className="mb-1 flex items-center justify-between gap-2">
                  <StarRating rating={review.rating} size="text-sm" />
                  <time className="text-xs text-gray-500" dateTime={review.created_at}>
                    {review.created_at.slice(0, 10)}
                  </time>
                </div>
                {review.body ? <p className="text-sm text-ink">{review.body}</p> : null}
                <p className="mt-1 text-xs text-gray-500">{review.author}</p>
              </li>
            ))}
          </ul>
        )}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? routeMeta(matches, { kind: "product", title: `Reviews of ${data.product.name}`, canonical: data.canonical })
    : [{ title: "Page not found" }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
