import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { importStore } from "../../worker/store-import/import-store";
import { call, newCustomer, register } from "./accounts-helpers";
import { insertOrder } from "./order-fixtures";
import { json, request } from "./request";

interface Reviews {
  rating_count: number;
  review_count: number;
  grouped_ratings: Record<string, number>;
  data: { id: number; rating: number; author: string; body: string }[];
}

const rate = (token: string, body: Record<string, unknown>) => call("/api/rate-order-item", { token, body });

async function lineIds(orderId: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM order_lines WHERE order_id = ?1 ORDER BY id")
    .bind(orderId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

async function reviewsOf(productId: number): Promise<Reviews> {
  return json<Reviews>(await request("food.localhost", `/api/get-product-reviews?product_id=${productId}&per_page=48`));
}

describe("rating a delivered order's items", () => {
  it("shows the rating at once in the product's reviews, summary and page, signed with the first name; once per line", async () => {
    const { signedIn } = await register({
      name: "Farah Khan",
      email: `farah.${Date.now()}@example.com`,
      phone: `+9177${String(Date.now()).slice(-8)}`,
      password: "a first good password",
    });
    const order = await insertOrder({
      customerId: signedIn.user.id,
      status: "delivered",
      lines: [
        [3, "Paneer tikka", 1, 25000],
        [4, "Something else", 2, 10000],
      ],
    });
    const [first, second] = await lineIds(order.id);
    const before = await reviewsOf(3);
    const product = await json<{ slug: string; rating: { rating_count: number } }>(
      await request("food.localhost", "/api/get-product?slug=3"),
    );

    const response = await rate(signedIn.token, {
      order_id: order.publicId,
      order_line_id: first,
      rating: 4,
      review: "  Smoky and soft.  ",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const rating = await json<{ id: number }>(response);
    expect(rating).toMatchObject({ product_id: 3, order_line_id: first, rating: 4, author: "Farah", body: "Smoky and soft." });

    const after = await reviewsOf(3);
    expect(after.rating_count).toBe(before.rating_count + 1);
    expect(after.review_count).toBe(before.review_count + 1);
    expect(after.grouped_ratings["4"]).toBe((before.grouped_ratings["4"] ?? 0) + 1);
    expect(after.data.find((r) => r.id === rating.id)).toMatchObject({ author: "Farah", rating: 4 });
    const page = await json<{ rating: { rating_count: number } }>(await request("food.localhost", `/api/get-product?slug=${product.slug}`));
    expect(page.rating.rating_count).toBe(product.rating.rating_count + 1);

    // The order's own answer shows the line's rating.
    const mine = await json<{ items: { id: number; rating: number | null; review: string | null }[] }>(
      await call(`/api/get-single-order?order_id=${order.publicId}`, { method: "GET", token: signedIn.token }),
    );
    expect(mine.items.map((i) => [i.id, i.rating, i.review])).toEqual([
      [first, 4, "Smoky and soft."],
      [second, null, null],
    ]);

    const twice = await rate(signedIn.token, { order_id: order.publicId, order_line_id: first, rating: 1 });
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({ code: "already_rated" });
    expect((await reviewsOf(3)).rating_count).toBe(after.rating_count);
    // A rating without words counts as a rating, not a review.
    const plainBefore = await reviewsOf(4);
    expect((await rate(signedIn.token, { order_id: order.publicId, order_line_id: second, rating: 5 })).status).toBe(201);
    expect(await reviewsOf(4)).toMatchObject({ rating_count: plainBefore.rating_count + 1, review_count: plainBefore.review_count });
  });

  it("keeps shoppers' ratings and their ids through a re-import of the store", async () => {
    const me = await newCustomer();
    const order = await insertOrder({ customerId: me.id, status: "delivered", lines: [[1, "Fixture", 1, 1000]] });
    const [line] = await lineIds(order.id);
    const rating = await json<{ id: number }>(
      await rate(me.token, { order_id: order.publicId, order_line_id: line, rating: 2, review: "Cold" }),
    );
    expect(rating.id).toBeGreaterThan(2_147_483_647);
    const before = await reviewsOf(1);
    await importStore(env, food, { pepper: env.PASSWORD_PEPPER });
    const after = await reviewsOf(1);
    expect(after.rating_count).toBe(before.rating_count);
    expect(after.data.find((r) => r.id === rating.id)).toMatchObject({ rating: 2, body: "Cold" });
  });

  it("refuses an order not delivered (422), another's order or an unknown line (404), a bad rating (400), a guest (401)", async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    const placed = await insertOrder({ customerId: me.id, status: "out_for_delivery" });
    const [placedLine] = await lineIds(placed.id);
    const notYet = await rate(me.token, { order_id: placed.publicId, order_line_id: placedLine, rating: 5 });
    expect(notYet.status).toBe(422);
    expect(await json(notYet)).toMatchObject({ code: "not_delivered" });

    const theirs = await insertOrder({ customerId: other.id, status: "delivered" });
    const [theirLine] = await lineIds(theirs.id);
    expect((await rate(me.token, { order_id: theirs.publicId, order_line_id: theirLine, rating: 5 })).status).toBe(404);
    const otherStore = await insertOrder({ tenantId: 2, customerId: me.id, status: "delivered" });
    const [otherStoreLine] = await lineIds(otherStore.id);
    expect((await rate(me.token, { order_id: otherStore.publicId, order_line_id: otherStoreLine, rating: 5 })).status).toBe(404);
    const mine = await insertOrder({ customerId: me.id, status: "delivered" });
    // A line of another order, named with my order's id.
    expect((await rate(me.token, { order_id: mine.publicId, order_line_id: theirLine, rating: 5 })).status).toBe(404);
    const [myLine] = await lineIds(mine.id);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: 3, review: "x".repeat(1001) }]) {
      expect((await rate(me.token, { order_id: mine.publicId, order_line_id: myLine, ...bad })).status).toBe(400);
    }
    expect((await call("/api/rate-order-item", { body: { order_id: mine.publicId, order_line_id: myLine, rating: 5 } })).status).toBe(401);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_reviews WHERE order_line_id IN (?1, ?2, ?3)")
      .bind(theirLine, otherStoreLine, myLine)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});
