import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guestCall, newGuest, request } from "./request";

const PANEER = 1; // ₹279 in the food store

describe("cart page rendered inside workerd", () => {
  it("tells the shopper when a line's price changed since it was added", async () => {
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: PANEER, quantity: 1 })).status).toBe(201);
    const food = await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>();
    const reprice = (delta: number) =>
      env.DB.prepare("UPDATE products SET selling_price = selling_price + ?1 WHERE tenant_id = ?2 AND id = ?3")
        .bind(delta, food!.id, PANEER)
        .run();
    const page = async () => (await request("food.localhost", "/cart", { headers: { Cookie: `guest_id=${guest}` } })).text();

    expect(await page()).not.toContain('data-testid="price-changed"');
    await reprice(2000);
    try {
      const html = await page();
      const notice = html.match(/<p[^>]*data-testid="price-changed"[^>]*>(.*?)<\/p>/)?.[1]?.replace(/<!-- -->/g, "");
      expect(notice).toBe("Price changed from ₹279 to ₹299 since you added it");
    } finally {
      await reprice(-2000);
    }
    expect(await page()).not.toContain('data-testid="price-changed"');
  });
});
