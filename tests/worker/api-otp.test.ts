import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { ageSends, call, lastCodeTo, lastMessageTo, messageCountTo, newAccount, register, type SignedIn } from "./accounts-helpers";
import { fakeEndpoint } from "./fake-servers/fake-server";
import { json, newGuest } from "./request";

const CODE_REFUSED = { code: "invalid_code", message: "That code is wrong or has expired. Check it, or ask for a new code." };

function sendCode(destination: { email: string } | { phone: string }, host?: string) {
  return call("/api/send-login-otp", { body: destination, host });
}

function signInWithCode(destination: { email: string } | { phone: string }, code: string, init: { guest?: string; host?: string } = {}) {
  return call("/api/login-otp", { body: { ...destination, code }, ...init });
}

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("sign-in with a one-time code", () => {
  it("mails a code to the account's email and signs in with it, answering as /api/login and bringing the guest cart", async () => {
    const { account } = await register();
    const sent = await sendCode({ email: account.email });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("Cache-Control")).toBe("no-store");
    expect(await json(sent)).toEqual({
      ok: true,
      message: "If an account uses this email address or phone number, a sign-in code is on its way. It works for 10 minutes.",
    });
    const mail = await lastMessageTo(account.email);
    expect(mail).toMatchObject({ channel: "email", subject: "Your sign-in code for food.localhost" });
    const code = await lastCodeTo(account.email);
    // The code is stored only as an HMAC.
    const stored = await env.DB.prepare("SELECT code_hmac FROM sign_in_codes WHERE destination = ?1")
      .bind(`email:${account.email}`)
      .first<{ code_hmac: string }>();
    expect(stored?.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.code_hmac).not.toContain(code);

    const guest = newGuest();
    expect((await call("/api/cart/add", { guest, body: { product_id: 1, quantity: 2 } })).status).toBe(201);
    const signedIn = await signInWithCode({ email: account.email }, code, { guest });
    expect(signedIn.status).toBe(200);
    const { token, user } = await json<SignedIn>(signedIn);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ email: account.email, name: account.name });
    expect((await call("/api/user/details", { token, method: "GET" })).status).toBe(200);
    const cart = await json<{ cartItems: { product_id: number; quantity: number }[] }>(
      await call("/api/get-cart", { token, method: "GET" }),
    );
    expect(cart.cartItems.map((item) => [item.product_id, item.quantity])).toEqual([[1, 2]]);
  });

  it("texts a code to the account's phone, typed as people type it", async () => {
    const { account } = await register();
    const typed = `${account.phone.slice(0, 3)} ${account.phone.slice(3, 8)}-${account.phone.slice(8)}`;
    expect((await sendCode({ phone: typed })).status).toBe(200);
    expect(await lastMessageTo(account.phone)).toMatchObject({ channel: "sms", subject: null });
    const response = await signInWithCode({ phone: account.phone }, await lastCodeTo(account.phone));
    expect(response.status).toBe(200);
  });

  it("refuses a wrong code and still takes the right one after it", async () => {
    const { account } = await register();
    await sendCode({ email: account.email });
    const code = await lastCodeTo(account.email);
    const wrong = await signInWithCode({ email: account.email }, otherThan(code));
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toEqual(CODE_REFUSED);
    expect((await signInWithCode({ email: account.email }, code)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const { account } = await register();
    await sendCode({ email: account.email });
    await env.DB.prepare("UPDATE sign_in_codes SET expires_at = ?2 WHERE destination = ?1")
      .bind(`email:${account.email}`, Date.now() - 1)
      .run();
    const response = await signInWithCode({ email: account.email }, await lastCodeTo(account.email));
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual(CODE_REFUSED);
  });

  it("takes a code once", async () => {
    const { account } = await register();
    await sendCode({ email: account.email });
    const code = await lastCodeTo(account.email);
    expect((await signInWithCode({ email: account.email }, code)).status).toBe(200);
    const again = await signInWithCode({ email: account.email }, code);
    expect(again.status).toBe(422);
    expect(await json(again)).toEqual(CODE_REFUSED);
  });

  it("refuses the sixth try even with the right code", async () => {
    const { account } = await register();
    await sendCode({ email: account.email });
    const code = await lastCodeTo(account.email);
    for (let i = 0; i < 5; i++) expect((await signInWithCode({ email: account.email }, otherThan(code))).status).toBe(422);
    const sixth = await signInWithCode({ email: account.email }, code);
    expect(sixth.status).toBe(422);
    expect(await json(sixth)).toEqual(CODE_REFUSED);
  });

  it("replaces the old code (and its tries) with a new one", async () => {
    const { account } = await register();
    await sendCode({ email: account.email });
    const first = await lastCodeTo(account.email);
    for (let i = 0; i < 4; i++) await signInWithCode({ email: account.email }, otherThan(first));
    await ageSends(`email:${account.email}`);
    expect((await sendCode({ email: account.email })).status).toBe(200);
    const second = await lastCodeTo(account.email);
    if (first !== second) expect((await signInWithCode({ email: account.email }, first)).status).toBe(422);
    expect((await signInWithCode({ email: account.email }, second)).status).toBe(200);
  });

  it("sends at most one code per 30 seconds and five per hour to a destination, counted exactly", async () => {
    const { account } = await register();
    const destination = `email:${account.email}`;
    expect((await sendCode({ email: account.email })).status).toBe(200);
    const tooSoon = await sendCode({ email: account.email });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThanOrEqual(29);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
    expect(await json(tooSoon)).toEqual({ code: "too_many_requests", message: "Too many requests. Please try again later." });
    for (let sent = 1; sent < 5; sent++) {
      await ageSends(destination);
      expect((await sendCode({ email: account.email })).status, `send ${sent + 1}`).toBe(200);
    }
    await ageSends(destination);
    const sixth = await sendCode({ email: account.email });
    expect(sixth.status).toBe(429);
    // The first send was 5 × 31 s ago: the hour after it ends in 3600 − 155 seconds.
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(3400);
    expect(Number(sixth.headers.get("Retry-After"))).toBeLessThanOrEqual(3600 - 155);
    expect(await messageCountTo(account.email)).toBe(5);
    // A send that has left the hour frees its place.
    await ageSends(destination, 3600 - 150);
    expect((await sendCode({ email: account.email })).status).toBe(200);
    expect(await messageCountTo(account.email)).toBe(6);
  });

  it("answers an unknown email or phone exactly as a known one, limits included, and sends nothing", async () => {
    const { account } = await register();
    const unknown = { email: `nobody.${Date.now()}@example.com` };
    const known = await sendCode({ email: account.email });
    const stranger = await sendCode(unknown);
    expect(stranger.status).toBe(known.status);
    expect(await json(stranger)).toEqual(await json(known));
    expect(await messageCountTo(unknown.email)).toBe(0);
    const [knownAgain, strangerAgain] = [await sendCode({ email: account.email }), await sendCode(unknown)];
    expect([knownAgain.status, strangerAgain.status]).toEqual([429, 429]);
    expect(await json(strangerAgain)).toEqual(await json(knownAgain));
    // And a guessed code for it is refused like any wrong code.
    const guess = await signInWithCode(unknown, "123456");
    expect(guess.status).toBe(422);
    expect(await json(guess)).toEqual(CODE_REFUSED);
  });

  it("ties a code to its store: a food code does not sign in the same email at retail", async () => {
    const account = newAccount();
    await register(account, "food.localhost");
    await register(account, "retail.localhost");
    await sendCode({ email: account.email }, "food.localhost");
    const code = await lastCodeTo(account.email);
    const elsewhere = await signInWithCode({ email: account.email }, code, { host: "retail.localhost" });
    expect(elsewhere.status).toBe(422);
    const home = await signInWithCode({ email: account.email }, code, { host: "food.localhost" });
    expect(home.status).toBe(200);
    const { token } = await json<SignedIn>(home);
    expect((await call("/api/user/details", { token, method: "GET", host: "retail.localhost" })).status).toBe(401);
  });

  it("refuses malformed input with the error shape", async () => {
    for (const body of [{}, { email: "a@example.com", phone: "+919900000000" }, { email: "not an email" }]) {
      const response = await call("/api/send-login-otp", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toMatchObject({ code: "invalid_input" });
    }
    for (const code of ["12345", "1234567", "12a456", ""]) {
      const response = await signInWithCode({ email: "a@example.com" }, code);
      expect(response.status, code).toBe(400);
    }
  });
});

describe("the HTTPS message provider", () => {
  /** The Worker with the provider configured, as production runs it. */
  async function withProvider(path: string, body: unknown, provider: string) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://food.localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      { ...env, MESSAGES_URL: provider, MESSAGES_TOKEN: "provider-test-token" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("POSTs the code to the provider with the bearer token, and the code signs in", async () => {
    const provider = fakeEndpoint("messages");
    const { account } = await register();
    const response = await withProvider("/api/send-login-otp", { phone: account.phone }, provider.url);
    expect(response.status).toBe(200);
    expect(await messageCountTo(account.phone)).toBe(0);
    const [received] = await provider.received();
    expect(received).toMatchObject({ method: "POST" });
    expect(received!.headers.authorization).toBe("Bearer provider-test-token");
    expect(received!.headers["content-type"]).toBe("application/json");
    const sent = JSON.parse(received!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ channel: "sms", to: account.phone, subject: null, store_id: expect.any(Number) });
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    const code = String(sent.text).match(/\b(\d{6})\b/)?.[1];
    expect((await signInWithCode({ phone: account.phone }, code!)).status).toBe(200);
  });

  it("answers the same when the provider refuses, so the answer never tells whether an account exists", async () => {
    const provider = fakeEndpoint("messages");
    await provider.answer(503, { error: "down" });
    const { account } = await register();
    const response = await withProvider("/api/send-login-otp", { email: account.email }, provider.url);
    expect(response.status).toBe(200);
    expect(await provider.received()).toHaveLength(1);
  });
});
