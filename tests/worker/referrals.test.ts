import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { isReferralCode, REFERRAL_CODE_UNKNOWN, REFERRAL_LINK_INVALID } from "../../commerce/referral";
import type { ReferralAnswer, ReferrerAnswer } from "../../worker/api/referrals";
import { call, newAccount, register, type SignedIn } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { en, inEnglish } from "./english";
import { insertOrder } from "./order-fixtures";
import { getPage, jar, postForm } from "./page-session";
import { json, request, viaCloudflare } from "./request";
import { storeOf } from "./settings-helpers";

/** Referrals on real D1: a code per customer, the invitation, and both rewards at the referee's first delivered order. */

const FOOD = 1;

async function codeOf(token: string, host = "food.localhost"): Promise<ReferralAnswer> {
  const response = await call("/api/user/referral", { method: "GET", token, host });
  expect(response.status).toBe(200);
  return json<ReferralAnswer>(response);
}

async function registerWith(referredBy: string | undefined, host = "food.localhost") {
  const account = { ...newAccount(), name: "Ravi Kumar", ...(referredBy === undefined ? {} : { referred_by: referredBy }) };
  return call("/api/register", { body: account, host });
}

async function entries(customerId: number) {
  const { results } = await env.DB.prepare(
    "SELECT wallet, amount, source, idempotency_key FROM wallet_entries WHERE tenant_id = ?1 AND customer_id = ?2 ORDER BY id",
  )
    .bind(FOOD, customerId)
    .all<{ wallet: string; amount: number; source: string; idempotency_key: string }>();
  return results;
}

async function balance(customerId: number, wallet = "cash") {
  return (
    (await env.DB.prepare("SELECT balance FROM wallet_balances WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3")
      .bind(FOOD, customerId, wallet)
      .first<number>("balance")) ?? 0
  );
}

/** A referrer (named Meera Iyer) and a friend registered with their code. */
async function referral() {
  const referrer = (await register({ ...newAccount(), name: "Meera Iyer" })).signedIn;
  const { code } = await codeOf(referrer.token);
  const response = await registerWith(code);
  expect(response.status).toBe(201);
  return { referrer, code, referee: await json<SignedIn>(response) };
}

async function deliver(orderPublicId: string, key: string) {
  return adminCall(`/orders/${orderPublicId}/status`, key, { method: "POST", body: { status: "delivered" } });
}

describe("referral codes", () => {
  it("every customer has one, readable and unique in the store, and a share link on the store's address", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { signedIn } = await register();
      const answer = await codeOf(signedIn.token);
      expect(isReferralCode(answer.code)).toBe(true);
      expect(answer.share_url).toBe(`http://food.localhost/r/${answer.code}`);
      expect(answer).toMatchObject({ referee_reward: 100, referrer_reward: 150, wallet: "cash", friends_joined: 0 });
      codes.add(answer.code);
    }
    expect(codes.size).toBe(5);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE referral_code IS NULL").first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("a guest cannot ask for one", async () => {
    const response = await call("/api/user/referral", { method: "GET" });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/get-referrer-user", () => {
  it("answers the code's owner's first name and nothing else of them, in any case of the code", async () => {
    const { signedIn } = await register({ ...newAccount(), name: "  Meera   Iyer " });
    const { code } = await codeOf(signedIn.token);
    const response = await request("food.localhost", `/api/get-referrer-user?referred_by=${code.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json<ReferrerAnswer>(response)).toEqual({ first_name: "Meera", referee_reward: 100, wallet: "cash" });
  });

  it("an unknown code, or another store's, is a 404 with a clear message", async () => {
    const retail = (await register(newAccount(), "retail.localhost")).signedIn;
    const { code: retailCode } = await codeOf(retail.token, "retail.localhost");
    for (const code of ["ABCDEFGH", "nope", retailCode]) {
      const response = await request("food.localhost", `/api/get-referrer-user?referred_by=${code}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ code: "referral_not_found", message: en(REFERRAL_LINK_INVALID) });
    }
  });

  it("guessing is refused with 429 past 50 wrong codes from one client", async () => {
    const client = viaCloudflare("203.0.113.77");
    for (let i = 0; i < 50; i++) {
      const response = await request("food.localhost", `/api/get-referrer-user?referred_by=WRONG${i}`, client);
      expect(response.status).toBe(404);
    }
    const { signedIn } = await register();
    const { code } = await codeOf(signedIn.token);
    const refused = await request("food.localhost", `/api/get-referrer-user?referred_by=${code}`, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(890);
    // Another client is not held back.
    const other = await request("food.localhost", `/api/get-referrer-user?referred_by=${code}`, viaCloudflare("203.0.113.78"));
    expect(other.status).toBe(200);
  });
});

describe("guessing through the pages", () => {
  it("counts each visitor apart: the page forwards the visitor's address, so one guesser does not lock out the rest", async () => {
    const page = (path: string, address: string) => request("food.localhost", path, viaCloudflare(address));
    // Codes of the right shape that nobody holds (digits 2–9 only, as codes are written).
    const wrong = (i: number) => `ZZZZZZ${"23456789"[Math.floor(i / 8)]}${"23456789"[i % 8]}`;
    for (let i = 0; i < 50; i++) expect((await page(`/r/${wrong(i)}`, "198.51.100.7")).status).toBe(404);
    const { signedIn } = await register();
    const { code } = await codeOf(signedIn.token);
    expect((await page(`/r/${code}`, "198.51.100.7")).status).toBe(429);
    expect((await page(`/r/${code}`, "198.51.100.8")).status).toBe(200);
  });
});

describe("registering with a code", () => {
  it("records one referrer and credits nothing yet; the referrer sees the friend", async () => {
    const { referrer, code, referee } = await referral();
    expect(await entries(referee.user.id)).toEqual([]);
    expect(await balance(referee.user.id)).toBe(0);
    const row = await env.DB.prepare("SELECT referrer_id, rewarded_at FROM referrals WHERE tenant_id = ?1 AND referee_id = ?2")
      .bind(FOOD, referee.user.id)
      .first();
    expect(row).toEqual({ referrer_id: referrer.user.id, rewarded_at: null });
    const stored = await env.DB.prepare("SELECT referred_by_code FROM customers WHERE id = ?1")
      .bind(referee.user.id)
      .first<string>("referred_by_code");
    expect(stored).toBe(code);
    expect((await codeOf(referrer.token)).friends_joined).toBe(1);
    expect((await codeOf(referee.token)).invited_by).toEqual({ first_name: "Meera", reward: 100, wallet: "cash", earned: false });
    expect((await codeOf(referrer.token)).invited_by).toBeNull();
    // The referrer is paid nothing yet.
    expect(await entries(referrer.user.id)).toEqual([]);
  });

  it("an unknown code, or another store's, is refused (422 naming the field) and nothing is created", async () => {
    const retail = (await register(newAccount(), "retail.localhost")).signedIn;
    const { code: retailCode } = await codeOf(retail.token, "retail.localhost");
    for (const code of ["ZZZZZZZZ", "friend", retailCode]) {
      const account = { ...newAccount(), referred_by: code };
      const response = await call("/api/register", { body: account });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        code: "invalid_referral",
        message: inEnglish(REFERRAL_CODE_UNKNOWN),
        issues: [{ path: "referred_by", message: inEnglish(REFERRAL_CODE_UNKNOWN) }],
      });
      const created = await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE email = ?1").bind(account.email).first<number>("n");
      expect(created).toBe(0);
    }
  });

  it("the same registration sent five times at once creates one account and one referral", async () => {
    const referrer = (await register()).signedIn;
    const { code } = await codeOf(referrer.token);
    const account = { ...newAccount(), referred_by: code };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call("/api/register", { body: account })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const id = await env.DB.prepare("SELECT id FROM customers WHERE email = ?1").bind(account.email).first<number>("id");
    expect(await entries(id!)).toEqual([]);
    expect((await codeOf(referrer.token)).friends_joined).toBe(1);
  });

  it("an empty code is no code", async () => {
    const response = await registerWith("  ");
    expect(response.status).toBe(201);
    const { user } = await json<SignedIn>(response);
    expect(await entries(user.id)).toEqual([]);
  });

  it("one referrer per customer, never themselves (the table refuses both)", async () => {
    const { referrer, referee } = await referral();
    const other = (await register()).signedIn;
    await expect(
      env.DB.prepare("INSERT INTO referrals (tenant_id, referee_id, referrer_id, created_at) VALUES (?1, ?2, ?3, 0)")
        .bind(FOOD, referee.user.id, other.user.id)
        .run(),
    ).rejects.toThrow(/UNIQUE|PRIMARY KEY/);
    await expect(
      env.DB.prepare("INSERT INTO referrals (tenant_id, referee_id, referrer_id, created_at) VALUES (?1, ?2, ?2, 0)")
        .bind(FOOD, referrer.user.id)
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("the rewards", () => {
  it("are credited to both when the friend's first order is delivered, once, however often delivery is reported or later orders arrive", async () => {
    const key = await storeKey(FOOD, "referrals");
    const { referrer, referee } = await referral();
    const first = await insertOrder({ customerId: referee.user.id, status: "out_for_delivery" });
    const second = await insertOrder({ customerId: referee.user.id, status: "out_for_delivery" });
    expect((await deliver(first.publicId, key)).status).toBe(200);
    // The same delivery reported again is refused as a transition, and pays nothing more either way.
    await deliver(first.publicId, key);
    expect((await deliver(second.publicId, key)).status).toBe(200);
    expect(await entries(referrer.user.id)).toEqual([
      { wallet: "cash", amount: 15000, source: "referral_referrer", idempotency_key: `referral:referrer:${referee.user.id}` },
    ]);
    expect(await balance(referrer.user.id)).toBe(15000);
    expect((await entries(referee.user.id)).filter((e) => e.source.startsWith("referral"))).toEqual([
      { wallet: "cash", amount: 10000, source: "referral_referee", idempotency_key: `referral:referee:${referee.user.id}` },
    ]);
    expect(await balance(referee.user.id)).toBe(10000);
    expect((await codeOf(referee.token)).invited_by).toEqual({ first_name: "Meera", reward: 100, wallet: "cash", earned: true });
    const answer = await codeOf(referrer.token);
    expect(answer).toMatchObject({ friends_joined: 1, friends_rewarded: 1 });
  });

  it("the delivery hook run twice for one order, or for a later order, credits nothing more", async () => {
    const { onDelivered } = await import("../../worker/order-life");
    const { referrer, referee } = await referral();
    const first = await insertOrder({ customerId: referee.user.id, status: "delivered" });
    const later = await insertOrder({ customerId: referee.user.id, status: "delivered" });
    await Promise.all([
      onDelivered(env, await storeOf(FOOD), first.id),
      onDelivered(env, await storeOf(FOOD), first.id),
      onDelivered(env, await storeOf(FOOD), later.id),
    ]);
    await onDelivered(env, await storeOf(FOOD), later.id);
    expect((await entries(referrer.user.id)).map((e) => e.amount)).toEqual([15000]);
    expect((await entries(referee.user.id)).filter((e) => e.source.startsWith("referral")).map((e) => e.amount)).toEqual([10000]);
  });

  it("is not paid for an order that is not the friend's first delivered one, nor for customers nobody referred", async () => {
    const { onDelivered } = await import("../../worker/order-life");
    const { referrer, referee } = await referral();
    const earlier = await insertOrder({ customerId: referee.user.id, status: "delivered" });
    const later = await insertOrder({ customerId: referee.user.id, status: "delivered" });
    await onDelivered(env, await storeOf(FOOD), later.id);
    expect(await entries(referrer.user.id)).toEqual([]);
    await onDelivered(env, await storeOf(FOOD), earlier.id);
    expect((await entries(referrer.user.id)).length).toBe(1);
    const loner = (await register()).signedIn;
    const order = await insertOrder({ customerId: loner.user.id, status: "delivered" });
    await onDelivered(env, await storeOf(FOOD), order.id);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM wallet_entries WHERE source = 'referral_referrer' AND source_id = ?1")
      .bind(String(loner.user.id))
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe("the pages", () => {
  it("/r/{code} greets with the friend's first name, remembers the code, and /register fills it in and records the friend", async () => {
    const referrer = (await register({ ...newAccount(), name: "Meera Iyer" })).signedIn;
    const { code } = await codeOf(referrer.token);
    const landing = await getPage(`/r/${code}`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await landing.text();
    expect(html).toContain("Your friend Meera invited you");
    expect(html).not.toContain("Iyer");
    const cookie = landing.headers.getSetCookie().find((c) => c.startsWith("referred_by="));
    expect(cookie).toMatch(new RegExp(`^referred_by=${code}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    const cookies = jar(landing);
    const form = await (await getPage("/register", cookies)).text();
    expect(form).toMatch(new RegExp(`name="referred_by"[^>]*value="${code}"`));
    const account = newAccount();
    const registered = await postForm("/register", { ...account, referred_by: code, redirectTo: "/account" }, cookies);
    expect(registered.status).toBe(303);
    expect(registered.headers.getSetCookie().some((c) => c.startsWith("referred_by=;") && c.includes("Max-Age=0"))).toBe(true);
    const id = await env.DB.prepare("SELECT id FROM customers WHERE email = ?1").bind(account.email).first<number>("id");
    expect(await env.DB.prepare("SELECT referrer_id FROM referrals WHERE referee_id = ?1").bind(id).first<number>("referrer_id")).toBe(
      referrer.user.id,
    );
    expect(await balance(id!)).toBe(0);
  });

  it("/r/{unknown} says the link is not valid (404), sets no cookie, and links to the store", async () => {
    for (const path of ["/r/ABCDEFGH", "/r/not-a-code"]) {
      const response = await getPage(path);
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("referred_by="))).toBe(false);
      const html = await response.text();
      expect(html).toContain(en(REFERRAL_LINK_INVALID));
      expect(html).toContain('href="/"');
    }
  });

  it("/register with an unknown code shows the message beside the field", async () => {
    const response = await postForm("/register", { ...newAccount(), referred_by: "WRONGONE", redirectTo: "/account" });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('id="referred_by-error"');
    expect(html).toContain(inEnglish(REFERRAL_CODE_UNKNOWN));
  });

  it("/refer-a-friend shows the code, the link and the WhatsApp link; a guest is sent to sign in and back", async () => {
    const guest = await getPage("/refer-a-friend");
    expect(guest.status).toBe(303);
    expect(guest.headers.get("Location")).toBe("/login?redirectTo=%2Frefer-a-friend");
    const { registeredShopper } = await import("./page-session");
    const cookies = await registeredShopper();
    const page = await getPage("/refer-a-friend", cookies);
    expect(page.status).toBe(200);
    const html = await page.text();
    const code = html.match(/data-testid="referral-code"[^>]*>([A-Z2-9]{8})</)?.[1];
    expect(code).toBeDefined();
    expect(html).toContain(`value="http://food.localhost/r/${code}"`);
    expect(html).toContain(`href="https://wa.me/?text=`);
    expect(html).toContain(encodeURIComponent(`http://food.localhost/r/${code}`));
  });
});
