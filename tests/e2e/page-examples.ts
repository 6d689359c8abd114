import { readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import { agentCheckoutLink, apiOk, cartAtHome, deliveredOrder, placedOrder, registeredCustomer, storeApi } from "./api-steps";
import { type OpenedPage, ready, storeUrl, type useBrowser, type Variant } from "./helpers";

// A concrete page of every page route, and the shopper who sees it: the accessibility test checks each with axe, the
// pseudo-language test reads each for words that did not come from a catalogue.

export type Who =
  | "guest"
  | "guest with cart"
  | "guest with a friend's link"
  | "guest with a checkout link"
  | "visitor no branch delivers to"
  | "customer"
  | "customer with wishlist"
  | "customer with order"
  | "customer with unpaid order"
  | "customer with reward";
export interface Example {
  /**
   * `{order}` stands for the id of the order a "customer with order" has just placed; `{referral}` for the referral code
   * of the customer whose link a "guest with a friend's link" opens; `{link}` for the token of the checkout link an
   * agent made (a "guest with a checkout link" opens it).
   */
  path: string;
  who: Who;
  status?: number;
  /** The store whose page it is, when the food store has none (a plugin's page); the food store otherwise. */
  host?: string;
}

/**
 * A concrete page for every route of the built route manifest: a route missing from this table fails the test, so a
 * new page cannot be added without being checked. `null` marks a resource route (no HTML to check).
 */
export const ROUTES: Record<string, Example | null> = {
  root: null,
  "routes/_index": { path: "/", who: "guest" },
  "routes/category.$slug": { path: "/category/pizzas", who: "guest" },
  "routes/product.$slug": { path: "/product/paneer-tikka", who: "guest" },
  "routes/product.reviews.$productId": { path: "/product/reviews/26", who: "guest" },
  "routes/search": { path: "/search?q=biryani", who: "guest" },
  "routes/page.$slug": { path: "/page/about-us", who: "guest" },
  "routes/404": { path: "/404", who: "guest", status: 404 },
  "routes/$": { path: "/no-such-page", who: "guest", status: 404 },
  "routes/cart._index": { path: "/cart", who: "guest with cart" },
  "routes/cart.discounts": { path: "/cart/discounts", who: "guest with cart" },
  // With a search, so its answers (one delivered to, one not) are checked too.
  "routes/location": { path: "/location?q=Bengaluru", who: "guest" },
  "routes/login": { path: "/login", who: "guest" },
  "routes/register": { path: "/register", who: "guest" },
  "routes/forgot-password": { path: "/forgot-password", who: "guest" },
  "routes/account.undo-change": { path: "/account/undo-change?token=x", who: "guest" },
  "routes/account._index": { path: "/account", who: "customer" },
  "routes/account.edit-profile": { path: "/account/edit-profile", who: "customer" },
  "routes/account.my-orders": { path: "/account/my-orders", who: "customer" },
  "routes/account.addresses": { path: "/account/addresses", who: "customer" },
  // A new customer's cash wallet is empty; the rewards page shows a reward earned by a delivered order, with its lapse.
  "routes/account.wallet": { path: "/account/wallet", who: "customer" },
  "routes/account.rewards": { path: "/account/rewards", who: "customer with reward" },
  "routes/account.add-address": { path: "/account/add-address", who: "customer" },
  "routes/account.scratch-cards": { path: "/account/scratch-cards", who: "customer" },
  "routes/account.wishlist": { path: "/account/wishlist", who: "customer with wishlist" },
  "routes/account.my-orders_.$orderId": { path: "/account/my-orders/{order}", who: "customer with order" },
  "routes/order-placed.$orderId": { path: "/order-placed/{order}", who: "customer with order" },
  // Anyone holding the link follows the order; it is not delivered yet, so its reviews page says so.
  "routes/account.my-orders_.reviews.$orderId": { path: "/account/my-orders/reviews/{order}", who: "customer with order" },
  "routes/track-order.$orderId": { path: "/track-order/{order}", who: "customer with order" },
  "routes/checkout": { path: "/checkout", who: "customer" },
  // An order placed for online payment (the test gateway, DEV_TOOLS=1), still to be paid.
  "routes/checkout_.pay.$orderId": { path: "/checkout/pay/{order}", who: "customer with unpaid order" },
  // An agent's cart, as a person's browser opens the link the agent handed them (decision 090).
  "routes/checkout_.continue.$token": { path: "/checkout/continue/{link}", who: "guest with a checkout link" },
  "routes/refer-a-friend": { path: "/refer-a-friend", who: "customer" },
  "routes/r.$code": { path: "/r/{referral}", who: "guest with a friend's link" },
  "routes/cookie-consent": { path: "/cookie-consent", who: "guest", host: "retail.localhost" },
  "routes/robots[.]txt": null,
  "routes/sitemap[.]xml": null,
  "routes/sitemap.pages": null,
  "routes/sitemap.products.$file": null,
};

/**
 * The cookies a shopper of this kind carries: a guest with one line in the cart, or a freshly registered customer,
 * who may have just placed an order, cash or still to be paid online, or had one delivered (its id as `orderId`, which
 * is not a cookie), or put two products on their wishlist; or a guest holding a customer's referral code.
 */
export async function cookiesFor(
  who: Who,
): Promise<Record<string, string> & { orderId?: string; referralCode?: string; checkoutLink?: string }> {
  if (who === "guest") return {};
  // Mysuru, where no food branch delivers (DEV_TOOLS=1 places a visitor by this cookie).
  if (who === "visitor no branch delivers to") return { dev_position: "12.308,76.655" };
  if (who === "guest with cart") {
    const guestId = crypto.randomUUID().replaceAll("-", "");
    await apiOk(storeApi("POST", "/api/cart/add", { "guest-id": guestId }, { product_id: 1, quantity: 1 }), 201);
    return { guest_id: guestId, cart_count: "1" };
  }
  if (who === "guest with a checkout link") return { checkoutLink: await agentCheckoutLink() };
  const session = await registeredCustomer();
  const auth = { Authorization: `Bearer ${session}` };
  if (who === "guest with a friend's link") {
    return { referralCode: (await apiOk<{ code: string }>(storeApi("GET", "/api/user/referral", auth), 200)).code };
  }
  if (who === "customer with order") return { session, orderId: (await placedOrder(session, await cartAtHome(session), "cod")).id };
  if (who === "customer with unpaid order")
    return { session, orderId: (await placedOrder(session, await cartAtHome(session), "online")).id };
  if (who === "customer with reward") return { session, orderId: (await deliveredOrder(session)).id };
  if (who === "customer with wishlist") {
    // One product added at once and one with options (whose Add to Cart leads to its page).
    for (const productId of [1, 4]) {
      await apiOk(storeApi("POST", "/api/toggle-wishlist-product", auth, { product_id: productId, wishlisted: true }), 200);
    }
  }
  return { session };
}

/**
 * The route ids of the built app, from the client's route manifest (the server build cannot be imported in Node: it
 * targets workerd's react-dom/server).
 */
export function builtRouteIds(): string[] {
  const file = readdirSync("build/client/assets").find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no Remix manifest in build/client/assets: run `npm run build`");
  const window: { __remixManifest?: { routes: Record<string, unknown> } } = {};
  new Function("window", readFileSync(`build/client/assets/${file}`, "utf8"))(window);
  return Object.keys(window.__remixManifest?.routes ?? {});
}

/** Opens a page as the given shopper; cookies are set on a first visit, then the page is loaded with them. */
export async function visitAs(
  open: ReturnType<typeof useBrowser>["open"],
  variant: Variant,
  host: string,
  example: Example,
): Promise<OpenedPage> {
  const { orderId, referralCode, checkoutLink, ...shopperCookies } = await cookiesFor(example.who);
  const cookies = Object.entries(shopperCookies);
  const path = example.path
    .replace("{order}", orderId ?? "")
    .replace("{referral}", referralCode ?? "")
    .replace("{link}", checkoutLink ?? "");
  let opened: OpenedPage;
  let status: number | undefined;
  if (cookies.length === 0) {
    opened = await open(storeUrl(host, path), variant);
    status = opened.response.status();
  } else {
    // The cookies belong to the store's host: a first, cookie-less answer (robots.txt) gives the page that host.
    opened = await open(storeUrl(host, "/robots.txt"), variant);
    const url = storeUrl(host, "/");
    await opened.page.context().addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    status = (await opened.page.goto(storeUrl(host, path), { waitUntil: "load" }))?.status();
  }
  if (example.status === 404) opened.expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 404/);
  expect(status).toBe(example.status ?? 200);
  await ready(opened.page, variant);
  return opened;
}
