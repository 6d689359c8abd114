import { MAX_ID } from "../../commerce/ids";
import type { Review } from "../catalog/reviews";

/**
 * A customer's rating of a line of their delivered order, written into product_reviews beside the store file's
 * reviews, so the product's list, its rating summary and its page's stars count it at once. Its id is MAX_ID plus the
 * line's id: above every id a store file may carry, so an import never collides with it, and the importer keeps every
 * row with an order line (decision 026).
 */

export type RatingAnswer = Review & { product_id: number; order_line_id: number };

export type RateOutcome = { ok: true; rating: RatingAnswer } | { ok: false; reason: "no_line" | "rated" };

export async function rateOrderLine(
  db: D1Database,
  tenantId: number,
  orderId: number,
  lineId: number,
  given: { rating: number; review: string; author: string },
  now: number = Date.now(),
): Promise<RateOutcome> {
  const row = await db
    .prepare(
      `INSERT INTO product_reviews (tenant_id, id, product_id, rating, author, body, created_at, order_line_id)
       SELECT tenant_id, ?4 + id, product_id, ?5, ?6, ?7, ?8, id FROM order_lines WHERE tenant_id = ?1 AND order_id = ?2 AND id = ?3
       ON CONFLICT DO NOTHING
       RETURNING id, rating, author, body, created_at, product_id, order_line_id`,
    )
    .bind(tenantId, orderId, lineId, MAX_ID, given.rating, given.author, given.review, new Date(now).toISOString())
    .first<RatingAnswer>();
  if (row) return { ok: true, rating: row };
  const line = await db
    .prepare("SELECT 1 AS found FROM order_lines WHERE tenant_id = ?1 AND order_id = ?2 AND id = ?3")
    .bind(tenantId, orderId, lineId)
    .first();
  return { ok: false, reason: line ? "rated" : "no_line" };
}

/** How a rating signs its author: the customer's first name, as the product's reviews show it. */
export function reviewAuthor(name: string): string {
  return name.trim().split(/\s+/)[0]?.slice(0, 80) || "Customer";
}
