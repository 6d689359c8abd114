import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { tokenHash } from "../../worker/accounts/tokens";
import { foldsSession } from "../../worker/visitor/session-fold";
import { getPage, jar, PAGE_HOST, postForm, registeredShopper } from "./page-session";
import { newGuest } from "./request";

// A signed-in page's session is checked inside its own first round trip (decision 056): the isolate claims the customer
// its token named before, and the request's D1 calls carry the check until one verifies it.
const PANEER = "1";
const ADD = { product_id: PANEER, quantity: "1" };
const SERVER_TIMING = /db;dur=[\d.]+;desc="\d+ queries, (\d+) round trips"/;

const roundTrips = (response: Response) => Number(SERVER_TIMING.exec(response.headers.get("Server-Timing") ?? "")?.[1]);
const tokenOf = (cookie: string) => /(?:^|; )session=([^;]+)/.exec(cookie)![1]!;
const sessionCleared = (response: Response) => response.headers.getSetCookie().some((c) => /^session=;/.test(c) && /Max-Age=0/.test(c));

async function customerOf(cookie: string): Promise<number> {
  const row = await env.DB.prepare("SELECT customer_id FROM sessions WHERE token_hash = ?1")
    .bind(await tokenHash(tokenOf(cookie)))
    .first<{ customer_id: number }>();
  return row!.customer_id;
}

/** The customer's cart lines in the food store, as stored. */
async function customerLines(customerId: number) {
  const { results } = await env.DB.prepare(
    `SELECT i.id, i.product_id, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id
     WHERE c.owner = ?1 ORDER BY i.id`,
  )
    .bind(`customer:${customerId}`)
    .all<{ id: number; product_id: number; quantity: number }>();
  return results;
}

/** A signed-in shopper whose session this isolate has seen (so the next page claims it), with a line in the cart. */
async function knownShopper() {
  const cookie = await registeredShopper();
  const added = await postForm(`/product/paneer-tikka`, ADD, cookie);
  expect(added.status).toBe(303);
  const customerId = await customerOf(cookie);
  const [line] = await customerLines(customerId);
  expect(line).toMatchObject({ quantity: 1 });
  return { cookie, customerId, lineId: String(line!.id) };
}

const endings: [string, (hash: string) => Promise<unknown>][] = [
  ["a revoked", (hash) => env.DB.prepare("UPDATE sessions SET revoked_at = ?2 WHERE token_hash = ?1").bind(hash, Date.now()).run()],
  [
    "an expired",
    (hash) =>
      env.DB.prepare("UPDATE sessions SET expires_at = ?2 WHERE token_hash = ?1")
        .bind(hash, Date.now() - 1)
        .run(),
  ],
];

describe("a signed-in request's session, checked in its first round trip", () => {
  it("a signed-in page, an add and a quantity change each wait on one round trip", async () => {
    const { cookie, customerId, lineId } = await knownShopper();
    for (const path of ["/", "/cart", "/account", "/checkout"]) {
      await getPage(path, cookie); // the isolate's caches of the store's data, as on a warm isolate
      const page = await getPage(path, cookie);
      expect(page.status, path).toBe(200);
      expect(roundTrips(page), path).toBe(1);
    }
    const added = await postForm("/product/paneer-tikka", ADD, cookie);
    expect(added.status).toBe(303);
    expect(roundTrips(added)).toBe(1);
    const changed = await postForm("/cart", { intent: "quantity", cart_id: lineId, quantity: "5" }, cookie);
    expect(changed.status).toBe(303);
    expect(roundTrips(changed)).toBe(1);
    expect(await customerLines(customerId)).toMatchObject([{ product_id: 1, quantity: 5 }]);
  });

  // Each shopper's first request after the ending still claims the session (this isolate saw it open).
  const afterEnding: [string, (cookie: string, lineId: string) => Promise<Response>][] = [
    ["an add from the product page", (cookie) => postForm("/product/paneer-tikka", ADD, cookie)],
    ["a quantity change", (cookie, lineId) => postForm("/cart", { intent: "quantity", cart_id: lineId, quantity: "7" }, cookie)],
    ["the cart page", (cookie) => getPage("/cart", cookie)],
    ["the account page", (cookie) => getPage("/account", cookie)],
  ];
  for (const [ending, end] of endings) {
    for (const [what, send] of afterEnding) {
      it(`${what} with ${ending} session writes nothing for the customer and is answered signed out`, async () => {
        const { cookie, customerId, lineId } = await knownShopper();
        await end(await tokenHash(tokenOf(cookie)));
        const before = await customerLines(customerId);
        const answer = await send(cookie, lineId);
        expect(sessionCleared(answer)).toBe(true);
        expect(await customerLines(customerId)).toEqual(before);
        if (what === "the cart page") expect(await answer.text()).toContain(`data-testid="cart-empty"`);
        if (what === "the account page") expect(answer.headers.get("Location")).toMatch(/^\/login/);
        // A signed-out shopper's add goes to a new guest cart of their own.
        if (what === "an add from the product page") expect(jar(answer, cookie)).toMatch(/guest_id=/);
      });
    }
  }

  for (const [ending, end] of endings) {
    it(`placing an order with ${ending} session places nothing and is answered signed out`, async () => {
      const { cookie, customerId } = await knownShopper();
      expect((await postForm("/checkout", { intent: "fulfillment", fulfillment: "pickup" }, cookie)).status).toBe(303);
      const html = await (await getPage("/checkout", cookie)).text();
      const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
      const form = {
        intent: "place",
        key: field("key"),
        fulfillment: "pickup",
        expected_total: field("expected_total"),
        payment_method: "cod",
      };
      expect(form.key).not.toBe("");
      await end(await tokenHash(tokenOf(cookie)));
      const placed = await postForm("/checkout", form, cookie);
      expect(sessionCleared(placed)).toBe(true);
      const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_id = ?1")
        .bind(customerId)
        .first<{ n: number }>();
      expect(orders!.n).toBe(0);
      expect(await customerLines(customerId)).toMatchObject([{ quantity: 1 }]);
    });
  }

  /** Points the shopper's cart at pickup, or at a saved address in the delivery area (saved through its page). */
  const fulfillments: [string, (cookie: string, customerId: number) => Promise<Record<string, string>>][] = [
    ["pickup", async () => ({ intent: "fulfillment", fulfillment: "pickup" })],
    [
      "delivery to a saved address",
      async (cookie, customerId) => {
        const address = { name: "Asha Rao", phone: "+91 98000 00001", line1: "Flat 402, Lakeview Apartments", line2: "", landmark: "" };
        const place = {
          city: "Bengaluru",
          state: "Karnataka",
          pincode: "560038",
          latitude: "12.9784",
          longitude: "77.6408",
          label: "Home",
        };
        expect((await postForm("/account/add-address", { ...address, ...place }, cookie)).status).toBe(303);
        const id = await env.DB.prepare("SELECT id FROM addresses WHERE customer_id = ?1").bind(customerId).first<number>("id");
        return { intent: "address", address_id: String(id) };
      },
    ],
  ];
  for (const [fulfillment, choose] of fulfillments) {
    it(`placing an order for ${fulfillment} waits on two round trips; its message goes out after the answer`, async () => {
      const { cookie, customerId } = await knownShopper();
      expect((await postForm("/checkout", await choose(cookie, customerId), cookie)).status).toBe(303);
      const html = await (await getPage("/checkout", cookie)).text();
      const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
      // The place form's hidden fields, as the page renders them (a pickup has no address).
      const fields = ["key", "address_id", "expected_total"].map((name) => [name, field(name)]).filter(([, value]) => value);
      const how = fulfillment === "pickup" ? "pickup" : "delivery";
      const placed = await postForm(
        "/checkout",
        { intent: "place", fulfillment: how, payment_method: "cod", ...Object.fromEntries(fields) },
        cookie,
      );
      expect(placed.status).toBe(303);
      // The cart pointed at the order's fulfillment with its pricing, stock and the key's earlier order; the order's
      // batch. The outbox's writes are not waited on.
      expect(roundTrips(placed)).toBe(2);
      const order = await env.DB.prepare("SELECT public_id, fulfillment FROM orders WHERE customer_id = ?1")
        .bind(customerId)
        .first<{ public_id: string; fulfillment: string }>();
      expect(order?.fulfillment).toBe(how);
      // A mail and a text, each with the order's tracking link.
      const told = () =>
        env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE body LIKE ?1").bind(`%/track-order/${order!.public_id}%`).first<number>("n");
      await vi.waitFor(async () => expect(await told()).toBe(2));
    });
  }

  it("the password sign-in form waits on two round trips: the badge's cart is read in the sign-in's batch", async () => {
    const { cookie } = await knownShopper();
    const email = (await env.DB.prepare("SELECT email FROM customers WHERE id = ?1")
      .bind(await customerOf(cookie))
      .first<{ email: string }>())!.email;
    // A guest with two in the cart signs in: the customer's one and the guest's two are merged, and the badge says 3.
    const guest = `guest_id=${newGuest()}`;
    await postForm("/product/paneer-tikka", { product_id: PANEER, quantity: "2" }, guest);
    const signIn = await postForm("/login", { login: email, password: "a long enough password" }, guest);
    expect(signIn.status).toBe(303);
    expect(roundTrips(signIn)).toBe(2);
    expect(jar(signIn, guest)).toMatch(/(?:^|; )cart_count=3(?:;|$)/);
  });

  it("another store's session is no session there: signed out, nothing written", async () => {
    const { cookie, customerId } = await knownShopper();
    const before = await customerLines(customerId);
    const retail = await postForm("/product/classic-tee", { product_id: "1", quantity: "1" }, cookie, "retail.localhost");
    expect(sessionCleared(retail)).toBe(true);
    expect(await customerLines(customerId)).toEqual(before);
    expect(PAGE_HOST).toBe("food.localhost");
  });

  it("folds only a post whose declared length a plain form may have: the copy kept to run it again stays small", () => {
    const post = (headers: Record<string, string>) => new Request(`http://${PAGE_HOST}/cart`, { method: "POST", headers });
    expect(foldsSession(post({ "Content-Length": "120" }), "/cart")).toBe(true);
    expect(foldsSession(post({ "Content-Length": String(64 * 1024) }), "/product/paneer-tikka")).toBe(true);
    expect(foldsSession(post({ "Content-Length": String(64 * 1024 + 1) }), "/cart")).toBe(false);
    expect(foldsSession(post({}), "/cart")).toBe(false);
    expect(foldsSession(post({ "Content-Length": "120" }), "/account")).toBe(false);
    expect(foldsSession(new Request(`http://${PAGE_HOST}/account`), "/account")).toBe(true);
  });

  it("a signed-in post too large to copy is still answered, as one whose session was looked up first", async () => {
    const { cookie } = await knownShopper();
    const huge = await postForm("/cart", { intent: "update", line_id: "1", quantity: "2", pad: "x".repeat(70 * 1024) }, cookie);
    expect(huge.status).toBe(413);
  });

  it("30 concurrent adds from the product page with a claimed session end as one line of 31", async () => {
    const { cookie, customerId } = await knownShopper();
    const answers = await Promise.all(Array.from({ length: 30 }, () => postForm("/product/paneer-tikka", ADD, cookie)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 303));
    expect(await customerLines(customerId)).toMatchObject([{ product_id: 1, quantity: 31 }]);
  });
});
