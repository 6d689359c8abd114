import type { Review, RatingSummary as Summary } from "../../../worker/catalog/reviews";
import { useT } from "../../i18n/use-t";
import { StarRating } from "./star-rating";

const STARS = ["5", "4", "3", "2", "1"] as const;

/** The spec's rating summary: the average, the counts, and a bar per star. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const t = useT();
  return (
    <section className="card mb-6 flex flex-wrap items-center gap-6 p-4" data-testid="rating-summary">
      <div className="text-center">
        <p className="text-4xl font-bold text-ink" data-testid="average-rating">
          {summary.average_rating.toFixed(1)}
        </p>
        <StarRating rating={summary.average_rating} />
        <p className="mt-1 text-xs text-gray-600" data-testid="rating-counts">
          {t("product.rating_counts", { ratings: summary.rating_count, reviews: summary.review_count })}
        </p>
      </div>
      <dl className="min-w-40 flex-1 space-y-1 text-sm">
        {STARS.map((star) => {
          const count = summary.grouped_ratings[star];
          const share = summary.rating_count ? (count / summary.rating_count) * 100 : 0;
          return (
            <div key={star} className="flex items-center gap-2">
              <dt className="w-6 text-gray-600">
                <span aria-hidden="true">{star}★</span>
                <span className="sr-only">{t("product.star_row", { count: Number(star) })}</span>
              </dt>
              <dd className="flex flex-1 items-center gap-2">
                {/*
                  An SVG bar: its width is an attribute, where a style attribute would need 'unsafe-inline'. SVG draws
                  from the left whatever the page's direction, so a right-to-left page mirrors it to fill from the start.
                */}
                <svg className="h-2 flex-1 overflow-hidden rounded bg-gray-200 rtl:-scale-x-100" aria-hidden="true" focusable="false">
                  <rect width={`${share}%`} height="100%" className="fill-brand" />
                </svg>
                <span className="w-6 text-end text-gray-600">{count}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="space-y-3">
      {reviews.map((review) => (
        <li key={review.id} className="card p-4" data-testid="review">
          <div className="mb-1 flex items-center justify-between gap-2">
            <StarRating rating={review.rating} size="text-sm" />
            <time className="text-xs text-gray-600" dateTime={review.created_at}>
              {review.created_at.slice(0, 10)}
            </time>
          </div>
          {review.body ? <p className="text-sm text-ink">{review.body}</p> : null}
          <p className="mt-1 text-xs text-gray-600">{review.author}</p>
        </li>
      ))}
    </ul>
  );
}
