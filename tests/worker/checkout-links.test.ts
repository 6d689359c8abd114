import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHECKOUT_LINK_MINUTES } from "../../commerce/checkout-link";
import type { CheckoutLinkAnswer, CheckoutLinkMade } from "../../worker/api/checkout-links";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { type CheckoutLinkRow, findLink, redeemLink } from "../../worker/checkout-links/checkout-links";
import { call, newCustomer } from "./accounts-helpers";
import { getPage, jar, postForm, registeredShopper, withoutPageMessages } from "./page-session";
import { newGuest } from "./request";

// Food store: Paneer Tikka 1 (₹279), Butter Naan 16 (₹55), Margherita Pizza 26 with a size, a crust and dips.
const PANEER = 1;
const NAAN = 16;
const PIZZA = 26;
const LARGE_THIN_GARLIC = { selected_attributes: { 2601: 2612, 2602: 2614 }, selected_multi_attributes: { 2670: [2675] } };
const FOOD = "food.localhost";
const MINUTE = 60_000;

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

const branchQuery = (branch: number) => (branch === 1 ? "" : `?branch_id=${branch}`);

/** Adds a line to a guest's (or a customer's) cart at a branch. */
async function add(who: { guest?: string; token?: string }, product_id: number, quantity: number, extra = {}, branch = 1) {
  const response = await call(`/api/cart/add${branchQuery(branch)}`, { ...who, body: { product_id, quantity, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
}

const makeLink = async (who: { guest?: string; token?: string }, branch = 1, host = FOOD) =>
  answer<CheckoutLinkMade & { code?: string; message?: string }>(
    await call(`/api/cart/checkout-link${branchQuery(branch)}`, { ...who, host }),
  );

/** An agent's guest cart of the given lines at a branch, and its link's token. */
async function agentLink(lines: [number, number, object?][] = [[PANEER, 2]], branch = 1) {
  const agent = newGuest();
  for (const [product, quantity, extra] of lines) await add({ guest: agent }, product, quantity, extra, branch);
  const made = await makeLink({ guest: agent }, branch);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { agent, token: new URL(made.body.url).pathname.split("/").at(-1)!, made: made.body };
}

const readLink = async (token: string, host = FOOD) =>
  answer<CheckoutLinkAnswer & { code?: string }>(await call(`/api/cart/checkout-link/${token}`, { method: "GET", host }));

const redeem = async (token: string, who: { guest?: string; token?: string }, branch = 1, host = FOOD) =>
  answer<CartAnswer & { code?: string; message?: string }>(
    await call(`/api/cart/checkout-link/${encodeURIComponent(token)}/redeem${branchQuery(branch)}`, { ...who, host }),
  );

async function cartOf(who: { guest?: string; token?: string }, branch = 1): Promise<CartAnswer> {
  const response = await call(`/api/get-cart${branchQuery(branch)}`, { ...who, method: "GET" });
  expect(response.status).toBe(200);
  return (await response.json()) as CartAnswer;
}

const quantities = (cart: CartAnswer) => Object.fromEntries(cart.cartItems.map((item) => [item.product_id, item.quantity]));

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Moves a link's clock back: it was made `minutesAgo` and lasted its 30 minutes. */
async function ageLink(token: string, minutesAgo: number) {
  const createdAt = Date.now() - minutesAgo * MINUTE;
  await env.DB.prepare("UPDATE checkout_links SET created_at = ?2, expires_at = ?3 WHERE token_hash = ?1")
    .bind(await sha256(token), createdAt, createdAt + CHECKOUT_LINK_MINUTES * MINUTE)
    .run();
}

/** The session token in a page shopper's cookies: the same token is their bearer for the API. */
const sessionIn = (cookies: string) => /(?:^|; )session=([^;]+)/.exec(cookies)![1]!;
const guestIn = (cookies: string) => /(?:^|; )guest_id=([^;]+)/.exec(cookies)![1]!;

describe("POST /api/cart/checkout-link", () => {
  it("makes a single-use link to the guest's cart: a 256-bit token in the store's address, 30 minutes, only its hash kept", async () => {
    const before = Date.now();
    const { agent, token, made } = await agentLink([[PANEER, 2]]);
    expect(made.url).toBe(`http://${FOOD}/checkout/continue/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(made.expires_at);
    expect(made.expires_at).toBe(new Date(expires).toISOString());
    expect(expires).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
    const rows = await env.DB.prepare("SELECT * FROM checkout_links WHERE token_hash = ?1")
      .bind(await sha256(token))
      .all();
    expect(rows.results).toEqual([
      expect.objectContaining({ owner: `guest:${agent}`, branch_id: 1, expires_at: expires, used_at: null, used_by: null }),
    ]);
    expect(JSON.stringify(rows.results)).not.toContain(token);
  });

  it("answers private, no-store, and each call makes a new link while the older one stays good", async () => {
    const agent = newGuest();
    await add({ guest: agent }, NAAN, 1);
    const first = await makeLink({ guest: agent });
    const second = await makeLink({ guest: agent });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    expect(second.body.url).not.toBe(first.body.url);
    for (const made of [first, second]) {
      expect((await readLink(new URL(made.body.url).pathname.split("/").at(-1)!)).status).toBe(200);
    }
  });

  it("refuses a caller without a guest id (400), a customer's session (403) and an empty cart (422), writing nothing", async () => {
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM checkout_links").first<{ n: number }>())!.n;
    const before = await count();
    const anonymous = await makeLink({});
    expect([anonymous.status, anonymous.body.code]).toEqual([400, "guest_id_required"]);
    const customer = await newCustomer();
    await add({ token: customer.token }, PANEER, 1);
    const signedIn = await makeLink({ token: customer.token });
    expect([signedIn.status, signedIn.body.code]).toEqual([403, "guest_only"]);
    expect(signedIn.body.message).toBe("A checkout link is made for a guest's cart (the guest-id header), not a signed-in customer's.");
    const empty = await makeLink({ guest: newGuest() });
    expect([empty.status, empty.body.code]).toEqual([422, "cart_empty"]);
    expect(empty.body.message).toBe("The cart is empty: add something before making a checkout link.");
    // The cart is at branch 1: at branch 2 the guest has none.
    const agent = newGuest();
    await add({ guest: agent }, PANEER, 1);
    expect((await makeLink({ guest: agent }, 2)).body.code).toBe("cart_empty");
    expect(await count()).toBe(before);
  });

  it("takes a JSON body of {} and refuses one that is no object", async () => {
    const agent = newGuest();
    await add({ guest: agent }, PANEER, 1);
    expect((await call("/api/cart/checkout-link", { guest: agent, body: {} })).status).toBe(201);
    const refused = await answer<{ code: string }>(await call("/api/cart/checkout-link", { guest: agent, body: "[1]" }));
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_input"]);
  });

  it("counts against the shopper's cart limiter: past it, 429 with Retry-After", async () => {
    const agent = newGuest();
    await add({ guest: agent }, NAAN, 1);
    let throttled: Answer<{ code?: string }> | null = null;
    // The limiter's window is fixed, so a burst that crosses its edge starts a new count: up to two windows' worth.
    for (let i = 0; i < 241 && !throttled; i++) {
      const made = await makeLink({ guest: agent });
      if (made.status === 429) throttled = made;
      else expect(made.status).toBe(201);
    }
    expect(throttled?.body.code).toBe("too_many_requests");
    expect(throttled!.headers.get("Retry-After")).toBe("60");
  }, 30_000);

  it("forgets the store's links a day after they expired when a new one is made", async () => {
    const old = await agentLink();
    await ageLink(old.token, 24 * 60 + 31);
    await agentLink();
    expect(
      await env.DB.prepare("SELECT 1 FROM checkout_links WHERE token_hash = ?1")
        .bind(await sha256(old.token))
        .first(),
    ).toBeNull();
  });
});

describe("reading a checkout link", () => {
  it("answers the branch, the cart priced there with its options, and the expiry; reading uses nothing up", async () => {
    const { token, made } = await agentLink(
      [
        [PIZZA, 1, LARGE_THIN_GARLIC],
        [NAAN, 2],
      ],
      2,
    );
    for (let i = 0; i < 2; i++) {
      const read = await readLink(token);
      expect(read.status).toBe(200);
      expect(read.headers.get("Cache-Control")).toBe("private, no-store");
      expect(read.body.branch).toEqual({ id: 2, name: "Spice Route Kitchen - Koramangala" });
      expect(read.body.expires_at).toBe(made.expires_at);
      expect(read.body.cart.cartDetails.branch_id).toBe(2);
      expect(read.body.cart.cartItems).toEqual([
        expect.objectContaining({ product_id: PIZZA, quantity: 1, options: ["Size: Large", "Crust: Thin", "Dips: Garlic dip"] }),
        expect.objectContaining({ product_id: NAAN, quantity: 2, line_total: 110 }),
      ]);
      expect(read.body.cart.total).toBeGreaterThan(0);
    }
    expect((await redeem(token, { guest: newGuest() })).status).toBe(200);
  });

  it("is 404 for an unknown token, a junk one and another store's, never a 500", async () => {
    const { token } = await agentLink();
    const junk = ["x", "A".repeat(43), `${token}x`, "%00", "..%2F..%2Fapi", "a".repeat(3000), "%E2%9C%93", "%ZZ"];
    for (const bad of junk) {
      const read = await readLink(bad);
      expect([bad, read.status, read.body.code]).toEqual([bad, 404, "checkout_link_not_found"]);
      expect((await redeem(bad, { guest: newGuest() })).status, bad).toBe(404);
    }
    const elsewhere = await readLink(token, "retail.localhost");
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, "checkout_link_not_found"]);
    expect((await redeem(token, { guest: newGuest() }, 1, "retail.localhost")).status).toBe(404);
    // Still good in its own store.
    expect((await readLink(token)).status).toBe(200);
  });

  it("is 410 once expired, for reading and redeeming, and moves nothing", async () => {
    const { agent, token } = await agentLink([[PANEER, 2]]);
    await ageLink(token, CHECKOUT_LINK_MINUTES + 1);
    const read = await readLink(token);
    expect([read.status, read.body.code]).toEqual([410, "checkout_link_expired"]);
    const shopper = newGuest();
    await add({ guest: shopper }, NAAN, 1);
    const refused = await redeem(token, { guest: shopper });
    expect([refused.status, refused.body.code]).toEqual([410, "checkout_link_expired"]);
    expect(quantities(await cartOf({ guest: shopper }))).toEqual({ [NAAN]: 1 });
    expect(quantities(await cartOf({ guest: agent }))).toEqual({ [PANEER]: 2 });
  });
});

describe("redeeming a checkout link", () => {
  it("moves the agent's lines into the shopper's cart, adding to a line they have, and uses the link up", async () => {
    const { agent, token } = await agentLink([
      [PANEER, 2],
      [NAAN, 1],
    ]);
    const shopper = newGuest();
    await add({ guest: shopper }, PANEER, 1);
    const redeemed = await redeem(token, { guest: shopper });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(quantities(redeemed.body)).toEqual({ [PANEER]: 3, [NAAN]: 1 });
    expect(quantities(await cartOf({ guest: shopper }))).toEqual({ [PANEER]: 3, [NAAN]: 1 });
    expect((await cartOf({ guest: agent })).cartItems).toEqual([]);
    const row = await env.DB.prepare("SELECT used_at, used_by FROM checkout_links WHERE token_hash = ?1")
      .bind(await sha256(token))
      .first<{ used_at: number; used_by: string }>();
    expect(row?.used_by).toBe(`guest:${shopper}`);
    expect((await readLink(token)).body.code).toBe("checkout_link_used");
  });

  it("takes the agent's pickup or delivery place along, and leaves the shopper's own when the agent chose none", async () => {
    const picked = newGuest();
    await add({ guest: picked }, PANEER, 1);
    const fulfil = await call("/api/cart/fulfillment", { guest: picked, method: "PUT", body: { fulfillment: "pickup" } });
    expect(fulfil.status).toBe(200);
    const pickup = await makeLink({ guest: picked });
    const shopper = newGuest();
    await add({ guest: shopper }, NAAN, 1);
    const redeemed = await redeem(new URL(pickup.body.url).pathname.split("/").at(-1)!, { guest: shopper });
    expect(redeemed.body.cartDetails.fulfillment).toBe("pickup");

    const placed = newGuest();
    await add({ guest: placed }, PANEER, 1);
    const located = await call("/api/cart/delivery-location", { guest: placed, method: "PUT", body: { pincode: "560038" } });
    expect(located.status).toBe(200);
    const delivery = await makeLink({ guest: placed });
    const another = newGuest();
    const there = await redeem(new URL(delivery.body.url).pathname.split("/").at(-1)!, { guest: another });
    expect(there.body.cartDetails).toMatchObject({ fulfillment: "delivery", delivery_location: { pincode: "560038" } });

    // An agent's cart at the default choice leaves the shopper's pickup as it was.
    const { token } = await agentLink([[NAAN, 1]]);
    expect((await redeem(token, { guest: shopper })).body.cartDetails.fulfillment).toBe("pickup");
  });

  it("works once: a second redeem is 410 and moves nothing, not even lines the agent adds afterwards", async () => {
    const { agent, token } = await agentLink([[PANEER, 1]]);
    expect((await redeem(token, { guest: newGuest() })).status).toBe(200);
    await add({ guest: agent }, NAAN, 4);
    const late = newGuest();
    const second = await redeem(token, { guest: late });
    expect([second.status, second.body.code]).toEqual([410, "checkout_link_used"]);
    expect(second.body.message).toBe("This checkout link was already used.");
    expect((await cartOf({ guest: late })).cartItems).toEqual([]);
    expect(quantities(await cartOf({ guest: agent }))).toEqual({ [NAAN]: 4 });
  });

  it("moves nothing for a redeem that read the link before another used it, even lines the agent added since", async () => {
    // The race the API's read cannot see: this redeem read the link unused, then another redeemed it, then the agent
    // added a line. Only the batch's UPDATE decides, and every move holds to the row it wrote.
    const { agent, token } = await agentLink([[PANEER, 1]]);
    const hash = await sha256(token);
    const { tenant_id } = (await env.DB.prepare("SELECT tenant_id FROM checkout_links WHERE token_hash = ?1")
      .bind(hash)
      .first<{ tenant_id: number }>())!;
    const readBefore = (await findLink(env.DB, tenant_id, hash)) as CheckoutLinkRow;
    expect((await redeem(token, { guest: newGuest() })).status).toBe(200);
    await add({ guest: agent }, NAAN, 4);
    const late = newGuest();
    const scope = { tenantId: tenant_id, branchId: 1, owner: `guest:${late}` };
    expect(await redeemLink(env.DB, tenant_id, hash, readBefore, scope, Date.now())).toBeNull();
    expect((await cartOf({ guest: late })).cartItems).toEqual([]);
    expect(quantities(await cartOf({ guest: agent }))).toEqual({ [NAAN]: 4 });
  });

  it("lets one of two concurrent redeems win: the lines land in exactly one cart", async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await agentLink([
        [PANEER, 2],
        [NAAN, 1],
      ]);
      const shoppers = [newGuest(), newGuest()];
      const answers = await Promise.all(shoppers.map((guest) => redeem(token, { guest })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
      const carts = await Promise.all(shoppers.map((guest) => cartOf({ guest })));
      expect(carts.map(quantities).sort((a, b) => Object.keys(b).length - Object.keys(a).length)).toEqual([{ [PANEER]: 2, [NAAN]: 1 }, {}]);
    }
  });

  it("takes a customer's own cart along to the link's branch: the lines join it there", async () => {
    const { token } = await agentLink([[NAAN, 2]], 2);
    const customer = await newCustomer();
    await add({ token: customer.token }, PANEER, 1, {}, 1);
    await add({ token: customer.token }, NAAN, 1, {}, 2);
    const redeemed = await redeem(token, { token: customer.token }, 1);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.cartDetails.branch_id).toBe(2);
    expect(quantities(await cartOf({ token: customer.token }, 2))).toEqual({ [PANEER]: 1, [NAAN]: 3 });
    expect((await cartOf({ token: customer.token }, 1)).cartItems).toEqual([]);
  });

  it("needs a shopper: without a guest id or a session, 400 and the link stays good", async () => {
    const { token } = await agentLink();
    const refused = await redeem(token, {});
    expect([refused.status, refused.body.code]).toEqual([400, "guest_id_required"]);
    expect((await readLink(token)).status).toBe(200);
  });
});

describe("the page /checkout/continue/:token", () => {
  it("shows the lines, their options, the branch and the total, with one button; showing it uses nothing up", async () => {
    const { token } = await agentLink(
      [
        [PIZZA, 1, LARGE_THIN_GARLIC],
        [PANEER, 2],
      ],
      2,
    );
    for (let i = 0; i < 2; i++) {
      const page = await getPage(`/checkout/continue/${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get("X-Page-Cache")).toBe("bypass");
      // React marks where text and values meet (`<!-- -->`): the words as the shopper reads them are without them.
      const html = withoutPageMessages(await page.text()).replaceAll("<!-- -->", "");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain("Your cart from your assistant");
      expect(html).toContain("Your assistant put these in a cart at Spice Route Kitchen - Koramangala.");
      expect(html).toContain("1 × Margherita Pizza");
      expect(html).toContain("Size: Large · Crust: Thin · Dips: Garlic dip");
      expect(html).toContain("2 × Paneer Tikka");
      expect(html).toContain("₹1,052");
      expect(html).toMatch(
        /<form method="post" action="\/checkout\/continue\/[\w-]{43}"[^>]*><button type="submit"[^>]*>Continue to checkout<\/button><\/form>/,
      );
    }
    expect((await readLink(token)).status).toBe(200);
  });

  it("takes a guest's lines into their cart with a guest cookie, makes the link's branch theirs and goes to /checkout", async () => {
    const { token } = await agentLink([[PANEER, 2]], 3);
    const response = await postForm(`/checkout/continue/${token}`, {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
    const cookies = jar(response);
    expect(cookies).toMatch(/(^|; )branch_id=3(;|$)/);
    expect(cookies).toMatch(/(^|; )cart_count=2(;|$)/);
    expect(quantities(await cartOf({ guest: guestIn(cookies) }, 3))).toEqual({ [PANEER]: 2 });
    // A second press (another tab, the back button) finds the link used.
    const again = await postForm(`/checkout/continue/${token}`, {}, cookies);
    expect(again.status).toBe(410);
    const html = withoutPageMessages(await again.text());
    expect(html).toContain("This link has expired or was already used");
    expect(html).toContain('href="/cart"');
    expect(quantities(await cartOf({ guest: guestIn(cookies) }, 3))).toEqual({ [PANEER]: 2 });
  });

  it("gives a signed-in customer's cart the lines, adding to theirs", async () => {
    const { token } = await agentLink([[PANEER, 2]]);
    const cookies = await registeredShopper();
    await add({ token: sessionIn(cookies) }, PANEER, 1);
    const response = await postForm(`/checkout/continue/${token}`, {}, cookies);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/checkout"]);
    expect(quantities(await cartOf({ token: sessionIn(cookies) }))).toEqual({ [PANEER]: 3 });
  });

  it("tells a shopper past the cart limiter to wait (429, Retry-After), and the link stays good", async () => {
    const { token } = await agentLink();
    const shopper = newGuest();
    await add({ guest: shopper }, NAAN, 1);
    const line = (await cartOf({ guest: shopper })).cartItems[0]!.id;
    // The limiter's window is fixed, so a burst that crosses its edge starts a new count: up to two windows' worth.
    let status = 0;
    for (let i = 0; i < 241 && status !== 429; i++) {
      status = (await call("/api/cart/update", { guest: shopper, method: "PUT", body: { cart_id: line, quantity: (i % 9) + 1 } })).status;
    }
    expect(status).toBe(429);
    const page = await postForm(`/checkout/continue/${token}`, {}, `guest_id=${shopper}`);
    expect(page.status).toBe(429);
    expect(page.headers.get("Retry-After")).toBe("60");
    expect((await readLink(token)).status).toBe(200);
  }, 30_000);

  it("says an expired, used, unknown or another store's link is no more (410, 404), with ways on, never a 500", async () => {
    const expired = await agentLink();
    await ageLink(expired.token, CHECKOUT_LINK_MINUTES + 5);
    const used = await agentLink();
    expect((await redeem(used.token, { guest: newGuest() })).status).toBe(200);
    const cases: [string, number, string?][] = [
      [`/checkout/continue/${expired.token}`, 410],
      [`/checkout/continue/${used.token}`, 410],
      [`/checkout/continue/${"B".repeat(43)}`, 404],
      [`/checkout/continue/${expired.token.slice(1)}`, 404],
      ["/checkout/continue/%00", 404],
      ["/checkout/continue/%ZZ", 404],
      [`/checkout/continue/${"z".repeat(5000)}`, 404],
      [`/checkout/continue/${used.token}`, 404, "retail.localhost"],
    ];
    for (const [path, status, host] of cases) {
      const page = await getPage(path, "", host);
      expect([path.slice(0, 60), host, page.status]).toEqual([path.slice(0, 60), host, status]);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const html = withoutPageMessages(await page.text());
      if (host) expect(html).toContain("Dieser Link ist abgelaufen oder wurde schon verwendet");
      else {
        expect(html).toContain("This link has expired or was already used");
        expect(html).toContain("A checkout link works once, for 30 minutes.");
        expect(html).toContain('href="/"');
        expect(html).toContain('href="/cart"');
      }
    }
    const posted = await postForm(`/checkout/continue/${"C".repeat(43)}`, {});
    expect(posted.status).toBe(404);
  });
});
