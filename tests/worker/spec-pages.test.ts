import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CART_FETCH_ERROR } from "../../commerce/messages";
import { en } from "./english";
import { registeredShopper } from "./page-session";
import { guestCall, newGuest, request } from "./request";

/** Spec section 2 and 8 on the pages: the footer's routes and pages, the cart read and its failure, the pincode check. */

const NAAN = 16; // sold at every branch of the food store
const JAYANAGAR = 3; // does not sell Mutton Biryani

const page = (path: string, cookie = "") => request("food.localhost", path, { headers: { Cookie: cookie } });
const text = (html: string, testId: string) =>
  html
    .match(new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(?:span|p|div)>`))?.[1]
    ?.replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .trim();

async function guestWithNaan(): Promise<string> {
  const guest = newGuest();
  expect((await guestCall("POST", "/api/cart/add", guest, { product_id: NAAN, quantity: 2 })).status).toBe(201);
  return guest;
}

/** Breaks a cart's lines in D1 the way a reader must reject (selections that are not JSON), or mends them. */
async function breakCart(guest: string, broken: boolean, owner = `guest:${guest}`) {
  const selection = broken ? "'!' || selection_json" : "substr(selection_json, 2)";
  await env.DB.prepare(`UPDATE cart_items SET selection_json = ${selection} WHERE cart_id IN (SELECT id FROM carts WHERE owner = ?1)`)
    .bind(owner)
    .run();
}

describe("powered-by footer (spec section 2)", () => {
  it("is hidden on exactly the spec's routes: /cart/discounts has it, /cart does not", async () => {
    for (const path of ["/", "/cart/discounts", "/search", "/page/about-us", "/product/butter-naan"]) {
      expect(await (await page(path)).text(), path).toContain('data-testid="powered-by"');
    }
    for (const path of ["/cart", "/cart/", "/checkout", "/login", "/register", "/forgot-password"]) {
      expect(await (await page(path)).text(), path).not.toContain('data-testid="powered-by"');
    }
  });

  it("lists the store's content pages from /api/get-pages", async () => {
    const pages = (await (await guestCall("GET", "/api/get-pages", null)).json()) as { slug: string; title: string }[];
    expect(pages.length).toBeGreaterThan(0);
    const html = await (await page("/search")).text();
    const footer = html.match(/<ul[^>]*data-testid="footer-pages"[^>]*>([\s\S]*?)<\/ul>/)?.[1] ?? "";
    const links = [...footer.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual(pages.map((p) => [`/page/${p.slug}`, p.title]));
  });
});

describe("the cart badge and 'Cart Fetch Error' (spec sections 7 and 8)", () => {
  it("the home reads the cart for its badge, whatever the badge's cookie says, and keeps the cookie in step", async () => {
    const guest = await guestWithNaan();
    const response = await page("/", `guest_id=${guest}; cart_count=7`);
    const html = await response.text();
    expect(text(html, "cart-count")).toBe("2");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("cart_count=2;"))).toBe(true);
    // It sets a cookie and shows the shopper's own count: private, no-store, never from the page cache.
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Page-Cache")).toBe("bypass");
  });

  it("other catalogue pages keep the cookie's count (the cart is read on the home's load)", async () => {
    const guest = await guestWithNaan();
    expect(text(await (await page("/search", `guest_id=${guest}; cart_count=5`)).text(), "cart-count")).toBe("5");
  });

  it("a cart the store cannot read is 'Cart Fetch Error' in the home's badge and on the cart page, not an error page", async () => {
    const guest = await guestWithNaan();
    await breakCart(guest, true);
    try {
      const home = await page("/", `guest_id=${guest}; cart_count=2`);
      const homeHtml = await home.text();
      expect(home.status).toBe(200);
      expect(text(homeHtml, "cart-fetch-error")).toBe(en(CART_FETCH_ERROR));
      expect(homeHtml).not.toContain('data-testid="cart-count"');
      expect(homeHtml).toContain('data-testid="home"');

      const cart = await page("/cart", `guest_id=${guest}`);
      const cartHtml = await cart.text();
      expect(cart.status).toBe(200);
      expect(cart.headers.get("Cache-Control")).toBe("private, no-store");
      expect(cartHtml).toContain('data-testid="cart-fetch-failed"');
      expect(text(cartHtml, "cart-fetch-failed")).toBe(en(CART_FETCH_ERROR));
      expect(cartHtml).not.toContain('data-testid="error-page"');
      expect(cartHtml).not.toContain('data-testid="cart-empty"');
    } finally {
      await breakCart(guest, false);
    }
    const fixed = await (await page("/cart", `guest_id=${guest}`)).text();
    expect(fixed).not.toContain(en(CART_FETCH_ERROR));
    expect(text(fixed, "cart-count")).toBe("2");
  });

  it("checkout, which cannot go on without the cart, says 'Cart Fetch Error' on its error page", async () => {
    const cookie = await registeredShopper(await guestWithNaan());
    const token = cookie.match(/session=([^;]+)/)?.[1];
    const me = await request("food.localhost", "/api/user/details", { headers: { Authorization: `Bearer ${token}` } });
    const owner = `customer:${((await me.json()) as { id: number }).id}`;
    await breakCart("", true, owner);
    try {
      const html = await (await page("/checkout", cookie)).text();
      expect(html).toContain('data-testid="error-page"');
      expect(html).toContain(en(CART_FETCH_ERROR));
    } finally {
      await breakCart("", false, owner);
    }
    expect(await (await page("/checkout", cookie)).text()).not.toContain(en(CART_FETCH_ERROR));
  });

  it("a visitor with no cart reads none: the anonymous home is still served from the page cache", async () => {
    await page("/?spec-pages-cache=1");
    const again = await page("/?spec-pages-cache=1");
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(await again.text()).not.toContain('data-testid="cart-count"');
  });
});

describe("product structured data follows the branch's stock", () => {
  const availability = async (slug: string, cookie: string) => {
    const html = await (await page(`/product/${slug}`, cookie)).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { "@type": string; offers?: { availability: string } })
      .find((d) => d["@type"] === "Product");
    return ld?.offers?.availability;
  };

  it("says InStock where the branch sells the product and OutOfStock where it does not", async () => {
    expect(await availability("mutton-biryani", "branch_id=1")).toBe("https://schema.org/InStock");
    expect(await availability("mutton-biryani", `branch_id=${JAYANAGAR}`)).toBe("https://schema.org/OutOfStock");
    expect(await availability("butter-naan", `branch_id=${JAYANAGAR}`)).toBe("https://schema.org/InStock");
  });
});

describe("a guest's pincode check on the product page (GET /api/check-pincode)", () => {
  it("answers whether the store delivers there, as /api/check-pincode does, kept nowhere", async () => {
    const api = (await (await guestCall("GET", "/api/check-pincode?pincode=560102", null)).json()) as {
      served: boolean;
      branch: { name: string };
    };
    expect(api.served).toBe(true);
    const served = await page("/product/butter-naan?pincode=560102");
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(served.headers.get("X-Page-Cache")).not.toBe("hit");
    expect(text(await served.text(), "pincode-check-result")).toMatch(new RegExp(`^We deliver to 560102 from ${api.branch.name}`));

    const far = await page("/product/butter-naan?pincode=570001");
    expect(text(await far.text(), "pincode-check-result")).toBe("Sorry! We don't deliver to 570001.");

    const junk = await page("/product/butter-naan?pincode=%3Cb%3E");
    expect(junk.status).toBe(200);
    expect(text(await junk.text(), "pincode-check-result")).toBe("Enter a valid pincode.");

    const plain = await page("/product/butter-naan");
    expect(plain.headers.get("Cache-Control")).toBe("private, no-cache");
    const plainHtml = await plain.text();
    expect(plainHtml).toContain('data-testid="pincode-check"');
    expect(plainHtml).not.toContain('data-testid="pincode-check-result"');
  });
});
