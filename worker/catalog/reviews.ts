import { namedBatch, step } from "../db/batch";
import { type Page, type Paging, toPage } from "./list-products";

export interface Review {
  id: number;
  rating: number;
  author: string;
  body: string;
  created_at: string;
}

/** How a product is rated: ratings by star, and how many of them came with words. */
export interface RatingSummary {
  rating_count: number;
  review_count: number;
  average_rating: number;
  grouped_ratings: Record<"1" | "2" | "3" | "4" | "5", number>;
}

export type ProductReviews = RatingSummary & Page<Review>;

/** The rating summary and one page of a product's reviews, newest first; null when the product is unknown. */
export async function loadProductReviews(db: D1Database, tenantId: number, productId: number, paging: Paging) {
  const ran = await namedBatch(db, {
    product: step<{ found: number }>(
      db.prepare("SELECT 1 AS found FROM products WHERE tenant_id = ?1 AND id = ?2").bind(tenantId, productId),
    ),
    groups: step<{ rating: number; ratings: number; reviews: number }>(
      db
        .prepare(
          `SELECT rating, COUNT(*) AS ratings, SUM(body <> '') AS reviews FROM product_reviews
           WHERE tenant_id = ?1 AND product_id = ?2 GROUP BY rating`,
        )
        .bind(tenantId, productId),
    ),
    page: step<Review>(
      db
        .prepare(
          `SELECT id, rating, author, body, created_at FROM product_reviews
           WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(tenantId, productId, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
  });
  if (!ran.product.results.length) return null;
  const groups = ran.groups.results;
  const summary: RatingSummary = { rating_count: 0, review_count: 0, average_rating: 0, grouped_ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  let stars = 0;
  for (const group of groups) {
    summary.grouped_ratings[String(group.rating) as keyof RatingSummary["grouped_ratings"]] = group.ratings;
    summary.rating_count += group.ratings;
    summary.review_count += group.reviews;
    stars += group.rating * group.ratings;
  }
  summary.average_rating = summary.rating_count === 0 ? 0 : Math.round((stars / summary.rating_count) * 10) / 10;
  return { ...summary, ...toPage(ran.page.results, summary.rating_count, paging) } satisfies ProductReviews;
}
