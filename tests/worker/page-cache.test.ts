import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { importStore } from "../../worker/store-import/import-store";
import { getPage, jar, PAGE_HOST, registeredShopper } from "./page-session";
import { guestCall, json, newGuest, request } from "./request";

/**
 * The anonymous visitor's page cache (decision 035) is checked for safety, not speed: what an import changes shows on
 * the next request of every kept page, shoppers never see each other's badge, name or branch, and a kept page carries
 * a fresh nonce that its CSP allows.
 */

const CATALOGUE_PATHS = ["/", "/category/pizzas", "/product/paneer-tikka", "/search?q=biryani", "/page/about-us"];

const nonceOfCsp = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
const noncesInBody = (html: string) => new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]));
/** The body without its nonces, to compare two answers of one kept page. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]+"/g, "");
const badgeOf = (html: string) => /data-testid="cart-count">(\d+)</.exec(html)?.[1] ?? null;
const accountLinkOf = (html: string) => /data-testid="account-link"[^>]*>([^<]+)</.exec(html)?.[1];

async function twice(path: string, cookie = "") {
  const first = await getPage(path, cookie);
  const firstHtml = await first.text();
  const second = await getPage(path, cookie);
  return { first, firstHtml, second, secondHtml: await second.text() };
}

describe("an anonymous visitor's catalogue page", () => {
  it.each(CATALOGUE_PATHS)("%s is kept, and each answer carries its own nonce, the one its CSP names", async (path) => {
    const { first, firstHtml, second, secondHtml } = await twice(path);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const [a, b] = [nonceOfCsp(first), nonceOfCsp(second)];
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
    expect(noncesInBody(firstHtml)).toEqual(new Set([a]));
    expect(noncesInBody(secondHtml)).toEqual(new Set([b]));
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    // Kept by the Worker, never by a shared cache: the answer is still private and sets no cookie.
    expect(second.headers.get("Cache-Control")).toBe("private, no-cache");
    // The home also differs inside the owner's preview frame (decision 044); the other pages answer agents markdown
    // at the same address (decision 091).
    expect(second.headers.get("Vary")).toBe(path === "/" ? "Cookie, Save-Data, Sec-Fetch-Dest" : "Cookie, Save-Data, Accept");
    expect(second.headers.get("Set-Cookie")).toBeNull();
  });

  it("junk cookies count as none: the visitor gets the anonymous page", async () => {
    await getPage("/");
    const junk = await getPage("/", "guest_id=junk; branch_id=99999999999; cart_count=-1");
    expect(junk.headers.get("X-Page-Cache")).toBe("hit");
    expect(badgeOf(await junk.text())).toBeNull();
  });
});

describe("an import", () => {
  it.each(CATALOGUE_PATHS)("shows on the next request of %s", async (path) => {
    await twice(path);
    await importStore(env, { ...food, settings: { ...food.settings, storeName: "Renamed Kitchen" } });
    try {
      const after = await getPage(path);
      expect(after.headers.get("X-Page-Cache")).toBe("miss");
      expect(await after.text()).toContain("Renamed Kitchen");
    } finally {
      await importStore(env, food);
    }
  });

  it("of a new price shows on the product page at once", async () => {
    await twice("/product/paneer-tikka");
    const products = food.products.map((p) => (p.slug === "paneer-tikka" ? { ...p, selling_price: 287, original_price: 987 } : p));
    await importStore(env, { ...food, products });
    try {
      expect(await (await getPage("/product/paneer-tikka")).text()).toContain("₹287");
    } finally {
      await importStore(env, food);
    }
  });
});

describe("two shoppers", () => {
  it("never see each other's cart badge", async () => {
    await getPage("/");
    // A real cart of 3: the home reads the cart for its badge (decision 045).
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 16, quantity: 3 })).status).toBe(201);
    const withCart = `guest_id=${guest}; cart_count=3`;
    const theirs = await getPage("/", withCart);
    expect(theirs.headers.get("X-Page-Cache")).toBe("bypass");
    expect(badgeOf(await theirs.text())).toBe("3");
    const anonymous = await getPage("/");
    expect(badgeOf(await anonymous.text())).toBeNull();
  });

  it("never see each other's name or signed-in state", async () => {
    const customer = await registeredShopper();
    const theirs = await getPage("/", customer);
    expect(theirs.headers.get("X-Page-Cache")).toBe("bypass");
    expect(accountLinkOf(await theirs.text())).toBe("Account");
    const html = await (await getPage("/")).text();
    expect(accountLinkOf(html)).toBe("Sign in");
    expect(html).not.toContain("Page Shopper");
  });

  it("each see their own branch", async () => {
    const { branches } = await json<{ branches: { id: number; name: string }[] }>(await request(PAGE_HOST, "/api/get-branches"));
    expect(branches.length).toBeGreaterThan(1);
    for (const branch of branches) await getPage("/", `branch_id=${branch.id}`);
    for (const branch of branches) {
      const page = await getPage("/", `branch_id=${branch.id}`);
      expect(page.headers.get("X-Page-Cache")).toBe("hit");
      expect(await page.text()).toContain(`data-testid="nav-branch-name">${branch.name}<`);
    }
  });

  it("a guest's first change is never kept for the next visitor", async () => {
    const guest = newGuest();
    const added = await request(PAGE_HOST, "/api/cart/add", {
      method: "POST",
      headers: { "guest-id": guest, "Content-Type": "application/json" },
      body: JSON.stringify({ product_id: 1, quantity: 1 }),
    });
    const cookie = jar(added, `guest_id=${guest}; cart_count=1`);
    const theirs = await getPage("/cart", cookie);
    expect(theirs.headers.get("X-Page-Cache")).toBe("bypass");
    expect(theirs.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
