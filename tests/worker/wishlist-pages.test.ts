import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getPage, postForm, registeredShopper } from "./page-session";

/** Page requests without JavaScript: the heart's plain form, the wishlist page, and what stays out of shared answers. */

const PANEER = { id: "1", name: "Paneer Tikka", path: "/product/paneer-tikka" };
const NAAN = { id: "16", name: "Butter Naan" };
const TANDOORI = { id: "4", name: "Tandoori Chicken" };

const heart = (name: string, wishlisted: boolean) =>
  wishlisted
    ? `aria-pressed="true" aria-label="Remove ${name} from wishlist"`
    : `aria-pressed="false" aria-label="Add ${name} to wishlist"`;

function heartForm(productId: string, wishlisted: boolean, redirectTo: string, cookies: string) {
  return postForm("/account/wishlist", { product_id: productId, wishlisted: String(wishlisted), redirectTo }, cookies);
}

/** The names of the products listed on the wishlist page, in order. */
function listed(html: string): string[] {
  return [...html.matchAll(/data-testid="wishlist-item-name"[^>]*>([^<]*)</g)].map((m) => m[1]!);
}

describe("wishlist pages without JavaScript", () => {
  it("fill the product page's heart after its form posts: POST → 303 → the same page", async () => {
    const cookies = await registeredShopper();
    const before = await (await getPage(PANEER.path, cookies)).text();
    expect(before).toContain(heart(PANEER.name, false));

    const posted = await heartForm(PANEER.id, true, PANEER.path, cookies);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(PANEER.path);
    const page = await getPage(PANEER.path, cookies);
    expect(page.headers.get("Cache-Control")).toBe("private, no-cache");
    const html = await page.text();
    expect(html).toContain(heart(PANEER.name, true));
    // The same state on the product's card in a listing (the category page's cards).
    const category = await (await getPage("/category/starters", cookies)).text();
    expect(category).toContain(heart(PANEER.name, true));
    expect(category).toContain(heart("Chicken 65", false));

    // Sent again, it stays; the other state empties it.
    expect((await heartForm(PANEER.id, true, PANEER.path, cookies)).status).toBe(303);
    expect(await (await getPage(PANEER.path, cookies)).text()).toContain(heart(PANEER.name, true));
    expect((await heartForm(PANEER.id, false, PANEER.path, cookies)).status).toBe(303);
    expect(await (await getPage(PANEER.path, cookies)).text()).toContain(heart(PANEER.name, false));
  });

  it("keep one shopper's hearts out of what another is served, and out of the catalogue's answers", async () => {
    const cookies = await registeredShopper();
    expect((await heartForm(PANEER.id, true, PANEER.path, cookies)).status).toBe(303);
    for (const other of ["", await registeredShopper()]) {
      expect(await (await getPage(PANEER.path, other)).text()).toContain(heart(PANEER.name, false));
    }
    // The product route's own data (what a client navigation asks for) carries none; the root's is the shopper's.
    const data = await getPage(`${PANEER.path}.data?_routes=${encodeURIComponent("routes/product.$slug")}`, cookies);
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain("Paneer Tikka");
    expect(text).not.toContain("wishlist");
    const api = await (await getPage(`/api/get-product?slug=paneer-tikka`, cookies)).text();
    expect(api).not.toContain("wishlist");
  });

  it("send a guest who presses a heart to sign in, and back to the page after", async () => {
    const posted = await heartForm(PANEER.id, true, `${PANEER.path}?from=home`, "");
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`${PANEER.path}?from=home`)}`);
    const page = await getPage("/account/wishlist");
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/account/wishlist")}`);
  });

  it("come back only to a path on this site", async () => {
    const cookies = await registeredShopper();
    for (const unsafe of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const posted = await heartForm(NAAN.id, true, unsafe, cookies);
      expect(posted.status, unsafe).toBe(303);
      expect(posted.headers.get("Location"), unsafe).toBe("/account/wishlist");
    }
  });

  it("refuse an unknown product and a form no heart sends, readably", async () => {
    const cookies = await registeredShopper();
    const unknown = await heartForm("999999", true, PANEER.path, cookies);
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toMatch(/data-testid="wishlist-refusal"[^>]*>There is no such product in this store\./);
    const junk = await postForm("/account/wishlist", { product_id: "1", wishlisted: "maybe" }, cookies);
    expect(junk.status).toBe(422);
  });

  it("list the wishlist newest first with Add to Cart and Remove, and a removed product as no longer available", async () => {
    const cookies = await registeredShopper();
    const empty = await getPage("/account/wishlist", cookies);
    expect(empty.status).toBe(200);
    expect(empty.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await empty.text()).toContain("Your wishlist is empty.");

    const food = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
    const goneId = 700_000 + Math.floor(Math.random() * 90_000);
    await env.DB.prepare(
      "INSERT INTO products (tenant_id, id, name, slug, selling_price, position) VALUES (?1, ?2, 'Winter Special', ?3, 9900, 999)",
    )
      .bind(food, goneId, `winter-special-${goneId}`)
      .run();
    for (const id of [String(goneId), PANEER.id, TANDOORI.id, NAAN.id]) {
      expect((await heartForm(id, true, "/account/wishlist", cookies)).status).toBe(303);
    }
    await env.DB.prepare("DELETE FROM products WHERE tenant_id = ?1 AND id = ?2").bind(food, goneId).run();

    const html = await (await getPage("/account/wishlist", cookies)).text();
    expect(listed(html)).toEqual([NAAN.name, TANDOORI.name, PANEER.name, "Winter Special"]);
    expect(html.match(/data-testid="wishlist-unavailable"[^>]*>No longer available/g)).toHaveLength(1);
    expect(html.match(/data-testid="wishlist-remove"/g)).toHaveLength(4);
    // Add to Cart for the three still sold: a form for those without options, the product's page for one with.
    expect(html.match(/data-testid="card-add-to-cart"/g)).toHaveLength(3);
    expect(html).toMatch(/<a[^>]*data-testid="card-add-to-cart"[^>]*href="\/product\/tandoori-chicken"/);
    expect(html).toMatch(/<main id="main" tabindex="-1"/);
    const account = await (await getPage("/account", cookies)).text();
    expect(account).toContain('href="/account/wishlist"');

    // Remove, without JavaScript: back to the list, without it; the gone product can be removed too.
    const removed = await heartForm(PANEER.id, false, "/account/wishlist", cookies);
    expect(removed.headers.get("Location")).toBe("/account/wishlist");
    expect((await heartForm(String(goneId), false, "/account/wishlist", cookies)).status).toBe(303);
    expect(listed(await (await getPage("/account/wishlist", cookies)).text())).toEqual([NAAN.name, TANDOORI.name]);
  });
});
