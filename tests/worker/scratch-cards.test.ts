import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { namedBatch } from "../../worker/db/batch";
import { issueScratchCard } from "../../worker/scratch-cards/issue-card";
import { redeemSteps } from "../../worker/scratch-cards/redeem-card";
import { call, newCustomer } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { insertOrder } from "./order-fixtures";
import { getPage, jar, postForm } from "./page-session";
import { json } from "./request";
import { storeOf } from "./settings-helpers";

/**
 * Scratch cards on real D1: issued once per delivered order where the store enables them (the food store: 10–50 to
 * the reward wallet for 30 days), redeemed once however many redeems race, never another's, never once lapsed.
 */

const FOOD = 1;
const DAY = 86_400_000;

interface CardRow {
  id: number;
  public_id: string;
  customer_id: number;
  amount: number;
  wallet: "cash" | "reward";
  status: string;
  expires_at: number;
  created_at: number;
}

async function cardsOfOrder(orderId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM scratch_cards WHERE order_id = ?1").bind(orderId).all<CardRow>();
  return results;
}

async function rewardEntries(customerId: number) {
  const { results } = await env.DB.prepare(
    "SELECT amount, source, source_id, idempotency_key FROM wallet_entries WHERE tenant_id = ?1 AND customer_id = ?2",
  )
    .bind(FOOD, customerId)
    .all<{ amount: number; source: string; source_id: string; idempotency_key: string }>();
  return results;
}

async function balance(customerId: number, wallet = "reward") {
  const row = await env.DB.prepare("SELECT balance FROM wallet_balances WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3")
    .bind(FOOD, customerId, wallet)
    .first<{ balance: number }>();
  return row?.balance ?? 0;
}

/** A customer with a delivered order and its card (issued by the delivered hook itself). */
async function customerWithCard() {
  const customer = await newCustomer();
  const order = await insertOrder({ customerId: customer.id, status: "delivered", paymentStatus: "cod_collected" });
  await issueScratchCard(env.DB, await storeOf(FOOD), order.id);
  const [card] = await cardsOfOrder(order.id);
  if (!card) throw new Error("no card issued");
  return { customer, order, card };
}

function redeem(token: string | undefined, scratchCardId: string) {
  return call("/api/user/redeem-scratch-card", { token, body: { scratch_card_id: scratchCardId } });
}

describe("issuing", () => {
  it("a delivered order earns one card, however often delivery is reported, within the store's range", async () => {
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id, status: "out_for_delivery" });
    const key = await storeKey();
    const path = `/orders/${order.publicId}/status`;
    expect((await adminCall(path, key, { method: "POST", body: { status: "delivered" } })).status).toBe(200);
    // A retried admin request (409: already delivered) and a second run of the hook change nothing.
    await adminCall(path, key, { method: "POST", body: { status: "delivered" } });
    await issueScratchCard(env.DB, await storeOf(FOOD), order.id);
    const cards = await cardsOfOrder(order.id);
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card).toMatchObject({ customer_id: customer.id, wallet: "reward", status: "unscratched" });
    expect(card.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(card.amount % 100).toBe(0);
    expect(card.amount).toBeGreaterThanOrEqual(1000);
    expect(card.amount).toBeLessThanOrEqual(5000);
    expect(card.expires_at - card.created_at).toBe(30 * DAY);
  });

  it("amounts stay within the range over many cards", async () => {
    const customer = await newCustomer();
    const amounts = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const order = await insertOrder({ customerId: customer.id, status: "delivered", paymentStatus: "cod_collected" });
      await issueScratchCard(env.DB, await storeOf(FOOD), order.id);
      const [card] = await cardsOfOrder(order.id);
      amounts.add(card!.amount);
    }
    for (const amount of amounts) expect(amount >= 1000 && amount <= 5000 && amount % 100 === 0).toBe(true);
    // Random, not one fixed amount.
    expect(amounts.size).toBeGreaterThan(1);
  });

  it("a store without cards issues none, and an order not delivered earns none", async () => {
    const retail = await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'retail'").first<number>("id");
    const shopper = await newCustomer("retail.localhost");
    const retailOrder = await insertOrder({ tenantId: retail!, customerId: shopper.id, status: "delivered" });
    await issueScratchCard(env.DB, await storeOf(retail!), retailOrder.id);
    expect(await cardsOfOrder(retailOrder.id)).toHaveLength(0);

    const customer = await newCustomer();
    const placed = await insertOrder({ customerId: customer.id, status: "placed" });
    await issueScratchCard(env.DB, await storeOf(FOOD), placed.id);
    expect(await cardsOfOrder(placed.id)).toHaveLength(0);
  });
});

describe("redeeming", () => {
  it("credits the card's wallet once and answers the balances; a repeat answers the same", async () => {
    const { customer, card } = await customerWithCard();
    const listed = await call("/api/user/scratch-cards", { token: customer.token, method: "GET" });
    expect(listed.headers.get("Cache-Control")).toBe("private, no-store");
    const before = await json<{ data: { id: string; status: string; amount: number | null; order_number: string }[] }>(listed);
    expect(before.data).toEqual([expect.objectContaining({ id: card.public_id, status: "unscratched", amount: null })]);

    const first = await redeem(customer.token, card.public_id);
    expect(first.status).toBe(200);
    const answer = { amount: card.amount / 100, wallet: "reward", wallet_balance: 0, reward_balance: card.amount / 100 };
    expect(await json(first)).toEqual(answer);
    const again = await redeem(customer.token, card.public_id);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(answer);
    expect(await rewardEntries(customer.id)).toEqual([
      { amount: card.amount, source: "scratch_card", source_id: card.public_id, idempotency_key: `scratch:${card.public_id}` },
    ]);

    const after = await json<{ data: { status: string; amount: number | null }[] }>(
      await call("/api/user/scratch-cards", { token: customer.token, method: "GET" }),
    );
    expect(after.data[0]).toMatchObject({ status: "redeemed", amount: card.amount / 100 });
  });

  it("20 redeems at once credit once", async () => {
    const { customer, card } = await customerWithCard();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(customer.token, card.public_id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await rewardEntries(customer.id)).toHaveLength(1);
    expect(await balance(customer.id)).toBe(card.amount);
  });

  it("an expired card is refused and credits nothing", async () => {
    const { customer, card } = await customerWithCard();
    await env.DB.prepare("UPDATE scratch_cards SET expires_at = ?2 WHERE id = ?1")
      .bind(card.id, Date.now() - 1)
      .run();
    const refused = await redeem(customer.token, card.public_id);
    expect(refused.status).toBe(422);
    expect(await json(refused)).toEqual({ code: "scratch_card_expired", message: "This scratch card has expired." });
    expect(await rewardEntries(customer.id)).toEqual([]);
    const listed = await json<{ data: { status: string; amount: number | null }[] }>(
      await call("/api/user/scratch-cards", { token: customer.token, method: "GET" }),
    );
    expect(listed.data[0]).toMatchObject({ status: "expired", amount: null });
  });

  it("the credit lands only with the update that redeemed the card", async () => {
    // The batch as a redeem runs it, when its update finds nothing to change: a card that lapsed after it was read,
    // or one another redeem took first (at another instant). Neither credits.
    const lapsed = await customerWithCard();
    await namedBatch(env.DB, redeemSteps(env.DB, FOOD, lapsed.customer.id, lapsed.card.public_id, lapsed.card, lapsed.card.expires_at));
    expect(await rewardEntries(lapsed.customer.id)).toEqual([]);

    const taken = await customerWithCard();
    await env.DB.prepare("UPDATE scratch_cards SET status = 'redeemed', redeemed_at = ?2 WHERE id = ?1").bind(taken.card.id, 1).run();
    await namedBatch(env.DB, redeemSteps(env.DB, FOOD, taken.customer.id, taken.card.public_id, taken.card, Date.now()));
    expect(await rewardEntries(taken.customer.id)).toEqual([]);

    // And when it does change the card, the same batch credits it.
    const fresh = await customerWithCard();
    await namedBatch(env.DB, redeemSteps(env.DB, FOOD, fresh.customer.id, fresh.card.public_id, fresh.card, Date.now()));
    expect(await balance(fresh.customer.id)).toBe(fresh.card.amount);
  });

  it("another customer's card is 404 and stays unscratched; a guest is 401; a malformed id is 400", async () => {
    const { card } = await customerWithCard();
    const other = await newCustomer();
    const refused = await redeem(other.token, card.public_id);
    expect(refused.status).toBe(404);
    expect(await json(refused)).toEqual({ code: "scratch_card_not_found", message: "We could not find this scratch card." });
    const stored = await env.DB.prepare("SELECT status FROM scratch_cards WHERE id = ?1").bind(card.id).first<string>("status");
    expect(stored).toBe("unscratched");
    expect(await rewardEntries(other.id)).toEqual([]);

    const guest = await redeem(undefined, card.public_id);
    expect(guest.status).toBe(401);
    expect((await call("/api/user/scratch-cards", { method: "GET" })).status).toBe(401);
    expect((await redeem(other.token, "not-a-card")).status).toBe(400);
  });

  it("a card of another store is 404 there", async () => {
    const { card } = await customerWithCard();
    const retailShopper = await newCustomer("retail.localhost");
    const response = await call("/api/user/redeem-scratch-card", {
      token: retailShopper.token,
      host: "retail.localhost",
      body: { scratch_card_id: card.public_id },
    });
    expect(response.status).toBe(404);
  });
});

describe("/account/scratch-cards without JavaScript", () => {
  /** A shopper registered on /register with a delivered order's card: the page's cookies and the card. */
  async function pageShopperWithCard() {
    const email = `scratch.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const fields = { name: "Ravi Kumar", email, phone: `+9197${String(Date.now()).slice(-8)}`, password: "a long enough password" };
    const registered = await postForm("/register", { ...fields, redirectTo: "/account" });
    expect(registered.status).toBe(303);
    const cookies = jar(registered);
    const customerId = await env.DB.prepare("SELECT id FROM customers WHERE tenant_id = ?1 AND email = ?2")
      .bind(FOOD, email)
      .first<number>("id");
    const order = await insertOrder({ customerId: customerId!, status: "delivered", paymentStatus: "cod_collected" });
    await issueScratchCard(env.DB, await storeOf(FOOD), order.id);
    const [card] = await cardsOfOrder(order.id);
    const number = await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<string>("number");
    return { cookies, card: card!, number: number!, customerId: customerId! };
  }

  it("sends a signed-out shopper to sign in and back", async () => {
    const response = await getPage("/account/scratch-cards");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fscratch-cards");
  });

  it("hides an unscratched card's amount; 'Reveal' posts, comes back (303) and says what it added, once", async () => {
    const { cookies, card, number, customerId } = await pageShopperWithCard();
    const page = await getPage("/account/scratch-cards", cookies);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(`Scratch card from order ${number}`);
    expect(html).toContain(`name="scratch_card_id" value="${card.public_id}"`);
    expect(html).toContain(">Reveal</button>");
    expect(html).not.toContain('data-testid="scratch-amount"');

    const revealed = await postForm("/account/scratch-cards", { scratch_card_id: card.public_id }, cookies);
    expect(revealed.status).toBe(303);
    expect(revealed.headers.get("Location")).toBe(`/account/scratch-cards?revealed=${card.public_id}`);
    const after = await (await getPage(revealed.headers.get("Location")!, cookies)).text();
    const shown = `₹${card.amount / 100}`;
    expect(after).toMatch(new RegExp(`data-testid="scratch-amount"[^>]*>${shown}<`));
    expect(after).toContain(`${shown} added to your rewards`);
    expect(after).not.toContain(">Reveal</button>");

    // The form sent again (a double submit) credits nothing more.
    expect((await postForm("/account/scratch-cards", { scratch_card_id: card.public_id }, cookies)).status).toBe(303);
    expect(await balance(customerId)).toBe(card.amount);
  });

  it("says an expired card is expired, refuses to reveal it beside the list, and 404s another's card", async () => {
    const { cookies, card } = await pageShopperWithCard();
    await env.DB.prepare("UPDATE scratch_cards SET expires_at = ?2 WHERE id = ?1")
      .bind(card.id, Date.now() - 1)
      .run();
    const html = await (await getPage("/account/scratch-cards", cookies)).text();
    expect(html).toMatch(/data-testid="scratch-expired"[^>]*>Expired</);
    expect(html).not.toContain(">Reveal</button>");
    const refused = await postForm("/account/scratch-cards", { scratch_card_id: card.public_id }, cookies);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("This scratch card has expired.");

    const other = await pageShopperWithCard();
    const stranger = await postForm("/account/scratch-cards", { scratch_card_id: other.card.public_id }, cookies);
    expect(stranger.status).toBe(404);
    const stored = await env.DB.prepare("SELECT status FROM scratch_cards WHERE id = ?1").bind(other.card.id).first<string>("status");
    expect(stored).toBe("unscratched");
  });
});
