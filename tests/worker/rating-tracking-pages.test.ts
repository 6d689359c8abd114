import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newCustomer } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { insertOrder } from "./order-fixtures";
import { getPage, postForm } from "./page-session";

/** The order pages as a browser without JavaScript sees them: documents, plain form posts, cookies by hand. */

async function lineIds(orderId: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM order_lines WHERE order_id = ?1 ORDER BY id")
    .bind(orderId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("/track-order/{order_id}", () => {
  it("shows anyone holding the link the number, status, timeline and items; noindex; never cached", async () => {
    const me = await newCustomer();
    const order = await insertOrder({ customerId: me.id, lines: [[1, "Paneer tikka", 2, 25000]] });
    await adminCall(`/orders/${order.publicId}/status`, await storeKey(), { method: "POST", body: { status: "confirmed" } });
    for (const cookie of ["", `session=${me.token}`]) {
      const page = await getPage(`/track-order/${order.publicId}`, cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      expect(html).toContain('data-testid="track-order-page"');
      expect(html).toMatch(/data-testid="tracking-status"[^>]*>Confirmed</);
      expect(html).toMatch(/data-state="done"[^>]*>.*?Placed/s);
      expect(html).toMatch(/data-state="current"[^>]*aria-current="step"/);
      expect(html).toContain("2<!-- --> × <!-- -->Paneer tikka");
      expect(html).toContain(`href="/track-order/${order.publicId}"`);
      expect(html).not.toContain("500.00");
    }
  });

  it("says plainly that an order was cancelled, and why", async () => {
    const me = await newCustomer();
    const order = await insertOrder({ customerId: me.id });
    await adminCall(`/orders/${order.publicId}/status`, await storeKey(), {
      method: "POST",
      body: { status: "cancelled", reason: "Kitchen closed" },
    });
    const html = await (await getPage(`/track-order/${order.publicId}`)).text();
    expect(html).toMatch(/data-testid="tracking-status"[^>]*>Cancelled(<!-- -->)?: (<!-- -->)?Kitchen closed</);
  });

  it("is the 404 page for an unknown or malformed id", async () => {
    expect((await getPage(`/track-order/${"Q".repeat(22)}`)).status).toBe(404);
    expect((await getPage("/track-order/nope")).status).toBe(404);
  });
});

describe("/account/my-orders/reviews/{order_id}", () => {
  it("rates each line with its own form, without JavaScript: POST, 303, the rating shown", async () => {
    const me = await newCustomer();
    const cookie = `session=${me.token}`;
    const order = await insertOrder({
      customerId: me.id,
      status: "delivered",
      lines: [
        [1, "First dish", 1, 1000],
        [2, "Second dish", 1, 1000],
      ],
    });
    const [first, second] = await lineIds(order.id);
    const path = `/account/my-orders/reviews/${order.publicId}`;
    const page = await getPage(path, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(`data-testid="rate-${first}"`);
    expect(html).toContain(`data-testid="rate-${second}"`);
    expect(html.match(/type="radio" name="rating"/g)).toHaveLength(10);

    const posted = await postForm(`${path}?line=${first}`, { order_line_id: String(first), rating: "4", review: "Lovely" }, cookie);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(path);
    const after = await (await getPage(path, cookie)).text();
    expect(after).toContain(`data-testid="rated-${first}"`);
    expect(after).toMatch(/You rated it (<!-- -->)?4(<!-- -->)? out of 5\./);
    expect(after).toContain(`data-testid="rate-${second}"`);

    // Rated already: the message comes back beside that line's form; no rating chosen: beside the field.
    const again = await postForm(`${path}?line=${first}`, { order_line_id: String(first), rating: "2" }, cookie);
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("You have already rated this item.");
    const noRating = await postForm(`${path}?line=${second}`, { order_line_id: String(second) }, cookie);
    expect(noRating.status).toBe(422);
    const refusedHtml = await noRating.text();
    expect(refusedHtml).toContain("Choose a rating from 1 to 5.");
  });

  it("says an order not yet delivered cannot be rated; another's order is 404; a signed-out shopper signs in", async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    const cookie = `session=${me.token}`;
    const onTheWay = await insertOrder({ customerId: me.id, status: "out_for_delivery" });
    const html = await (await getPage(`/account/my-orders/reviews/${onTheWay.publicId}`, cookie)).text();
    expect(html).toContain('data-testid="not-rateable"');
    expect(html).toContain("It is out for delivery now.");
    expect(html).not.toContain('name="rating"');

    const theirs = await insertOrder({ customerId: other.id, status: "delivered" });
    expect((await getPage(`/account/my-orders/reviews/${theirs.publicId}`, cookie)).status).toBe(404);
    const [theirLine] = await lineIds(theirs.id);
    const post = await postForm(`/account/my-orders/reviews/${theirs.publicId}`, { order_line_id: String(theirLine), rating: "1" }, cookie);
    expect(post.status).toBe(422);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_reviews WHERE order_line_id = ?1")
      .bind(theirLine)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);

    const signedOut = await getPage(`/account/my-orders/reviews/${theirs.publicId}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=%2Faccount%2Fmy-orders%2Freviews%2F${theirs.publicId}`);
  });
});

describe("cancelling and rating from the order's page", () => {
  it("cancels without JavaScript: POST, 303 back to the order, now cancelled; a dispatched order says why", async () => {
    const me = await newCustomer();
    const cookie = `session=${me.token}`;
    const order = await insertOrder({ customerId: me.id });
    const path = `/account/my-orders/${order.publicId}`;
    expect(await (await getPage(path, cookie)).text()).toContain('data-testid="cancel-order"');
    const posted = await postForm(path, { intent: "cancel" }, cookie);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(path);
    const after = await (await getPage(path, cookie)).text();
    expect(after).toContain("Cancelled");
    expect(after).not.toContain('data-testid="cancel-order"');

    const packed = await insertOrder({ customerId: me.id, status: "packed" });
    const refusedPost = await postForm(`/account/my-orders/${packed.publicId}`, { intent: "cancel" }, cookie);
    expect(refusedPost.status).toBe(422);
    expect(await refusedPost.text()).toContain("This order has been dispatched and can no longer be cancelled.");
    const other = await newCustomer();
    const theirs = await insertOrder({ customerId: other.id });
    expect((await postForm(`/account/my-orders/${theirs.publicId}`, { intent: "cancel" }, cookie)).status).toBe(404);
    expect(await env.DB.prepare("SELECT status FROM orders WHERE id = ?1").bind(theirs.id).first("status")).toBe("placed");
  });

  it("links a delivered order to its reviews page", async () => {
    const me = await newCustomer();
    const order = await insertOrder({ customerId: me.id, status: "delivered" });
    const html = await (await getPage(`/account/my-orders/${order.publicId}`, `session=${me.token}`)).text();
    expect(html).toContain(`href="/account/my-orders/reviews/${order.publicId}"`);
  });
});
