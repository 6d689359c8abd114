import { describe, expect, it } from "vitest";
import * as build from "../../build/server";
import { guestCall, newGuest, request } from "./request";

/**
 * The caching rule (decision 016), checked on every route of the built route manifest: a route missing from this
 * table fails the test, so a new route cannot be added without saying how its answers may be cached.
 */
type Rule = "catalogue" | "shopper" | "resource";
/** `host`: the store whose page it is, when the food store has none (a plugin's page); the food store otherwise. */
const ROUTES: Record<string, { path: string; rule: Rule; host?: string }> = {
  "routes/_index": { path: "/", rule: "catalogue" },
  "routes/category.$slug": { path: "/category/pizzas", rule: "catalogue" },
  "routes/product.$slug": { path: "/product/paneer-tikka", rule: "catalogue" },
  "routes/product.reviews.$productId": { path: "/product/reviews/26", rule: "catalogue" },
  "routes/search": { path: "/search?q=biryani", rule: "catalogue" },
  "routes/page.$slug": { path: "/page/about-us", rule: "catalogue" },
  "routes/404": { path: "/404", rule: "catalogue" },
  "routes/$": { path: "/no-such-page", rule: "catalogue" },
  "routes/cart._index": { path: "/cart", rule: "shopper" },
  "routes/cart.discounts": { path: "/cart/discounts", rule: "shopper" },
  // The shopper's own branch is marked on it.
  "routes/location": { path: "/location?q=Koramangala", rule: "shopper" },
  "routes/login": { path: "/login", rule: "shopper" },
  "routes/register": { path: "/register", rule: "shopper" },
  "routes/forgot-password": { path: "/forgot-password", rule: "shopper" },
  "routes/account._index": { path: "/account", rule: "shopper" },
  "routes/account.edit-profile": { path: "/account/edit-profile", rule: "shopper" },
  "routes/account.undo-change": { path: "/account/undo-change?token=x", rule: "shopper" },
  "routes/account.my-orders": { path: "/account/my-orders", rule: "shopper" },
  "routes/account.addresses": { path: "/account/addresses", rule: "shopper" },
  "routes/account.wallet": { path: "/account/wallet", rule: "shopper" },
  "routes/account.rewards": { path: "/account/rewards", rule: "shopper" },
  "routes/account.add-address": { path: "/account/add-address", rule: "shopper" },
  "routes/account.scratch-cards": { path: "/account/scratch-cards", rule: "shopper" },
  "routes/account.wishlist": { path: "/account/wishlist", rule: "shopper" },
  // An unknown order: the 404 page says how it may be cached as the page itself would.
  "routes/account.my-orders_.reviews.$orderId": { path: "/account/my-orders/reviews/AAAAAAAAAAAAAAAAAAAAAA", rule: "shopper" },
  "routes/track-order.$orderId": { path: "/track-order/AAAAAAAAAAAAAAAAAAAAAA", rule: "shopper" },
  // Some customer's order: a shopper without its session is sent to sign in, and the answer is still private.
  "routes/account.my-orders_.$orderId": { path: "/account/my-orders/AAAAAAAAAAAAAAAAAAAAAA", rule: "shopper" },
  "routes/order-placed.$orderId": { path: "/order-placed/AAAAAAAAAAAAAAAAAAAAAA", rule: "shopper" },
  "routes/checkout": { path: "/checkout", rule: "shopper" },
  "routes/checkout_.pay.$orderId": { path: "/checkout/pay/aaaaaaaaaaaaaaaaaaaaaa", rule: "shopper" },
  // An agent's checkout link is one shopper's secret (an unknown one, here, is the page's own 404).
  "routes/checkout_.continue.$token": { path: `/checkout/continue/${"A".repeat(43)}`, rule: "shopper" },
  "routes/refer-a-friend": { path: "/refer-a-friend", rule: "shopper" },
  // A friend's link remembers its code in a cookie: never public. (An unknown code, here, is the page's own 404.)
  "routes/r.$code": { path: "/r/ABCDEFGH", rule: "shopper" },
  // The cookie-consent plugin's page: the shopper's own answer, and a form that sets a cookie.
  "routes/cookie-consent": { path: "/cookie-consent", rule: "shopper", host: "retail.localhost" },
  "routes/robots[.]txt": { path: "/robots.txt", rule: "resource" },
  "routes/sitemap[.]xml": { path: "/sitemap.xml", rule: "resource" },
  "routes/sitemap.pages": { path: "/sitemap/pages", rule: "resource" },
  "routes/sitemap.products.$file": { path: "/sitemap/products/1", rule: "resource" },
};

const EXPECTED: Record<Rule, RegExp> = {
  catalogue: /^private, no-cache$/,
  shopper: /^private, no-store$/,
  resource: /^public, max-age=\d+$/,
};

/** Single fetch's data URL for a page path. */
function dataUrl(path: string): string {
  const url = new URL(path, "http://x");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
  return url.pathname + url.search;
}

async function shopperWithCart(): Promise<string> {
  const guest = newGuest();
  expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 1 })).status).toBe(201);
  return `guest_id=${guest}; cart_count=1`;
}

function checkRule(response: Response, rule: Rule, what: string) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const cookies = response.headers.getSetCookie();
  expect(response.status, what).toBeLessThan(500);
  if (cookies.length > 0) expect(cacheControl, `${what} sets a cookie`).toBe("private, no-store");
  else expect(cacheControl, what).toMatch(EXPECTED[rule]);
  if (rule === "resource") expect(cookies, `${what}: a resource route sets no cookie`).toEqual([]);
}

describe("cache headers by rule, on every route in the manifest", () => {
  it("names every route of the build in the table", () => {
    const ids = Object.keys(build.routes).filter((id) => id !== "root");
    expect(ids.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))(
    "%s: documents and data, anonymous and with a cart",
    async (id, { path, rule, host = "food.localhost" }) => {
      const withCart = await shopperWithCart();
      for (const cookie of [undefined, withCart, "guest_id=junk; branch_id=99999999999; cart_count=-1"]) {
        const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
        const who = cookie ? `with cookies ${cookie}` : "anonymous";
        const document = await request(host, path, { headers });
        checkRule(document, rule, `${id} ${path} ${who}`);
        await document.body?.cancel();
        if (rule !== "resource") {
          const data = await request(host, dataUrl(path), { headers });
          checkRule(data, rule, `${id} ${dataUrl(path)} ${who}`);
          await data.body?.cancel();
        }
      }
    },
  );

  it("makes every answer to a form post private, no-store, whatever the route says", async () => {
    for (const { path, host = "food.localhost" } of Object.values(ROUTES)) {
      for (const url of [path, dataUrl(path)]) {
        const response = await request(host, url, {
          method: "POST",
          body: "intent=remove-coupon",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: `http://${host}`,
            Cookie: await shopperWithCart(),
          },
        });
        expect(response.status, url).toBeLessThan(500);
        expect(response.headers.get("Cache-Control"), url).toBe("private, no-store");
        await response.body?.cancel();
      }
    }
    // Two posts per route, each with a fresh cart: seconds on a busy machine.
  }, 30_000);
});
