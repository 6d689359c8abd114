import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translatorOf } from "../../commerce/i18n/translators";
import { ageSends, call, lastMessageTo, lastResetTokenTo, messageCountTo, newAccount, register, type SignedIn } from "./accounts-helpers";
import { json } from "./request";

const LINK_SENT = {
  ok: true,
  message: "If an account exists for that email, we have sent a link to choose a new password. It works for 30 minutes.",
};
const LINK_REFUSED = { code: "invalid_token", message: "This reset link has expired or was already used. Ask for a new one." };
const NEW_PASSWORD = "a second good password";

function askForLink(email: string, host?: string) {
  return call("/api/send-forgot-password-email", { body: { email }, host });
}

function resetWith(token: string, password = NEW_PASSWORD, host?: string) {
  return call("/api/verify-forgot-password", { body: { token, password }, host });
}

function signIn(email: string, password: string, host?: string) {
  return call("/api/login", { body: { email, password }, host });
}

describe("forgot password", () => {
  it("mails a link, sets the new password with it, signs every old session out and answers a new one", async () => {
    const { account, signedIn } = await register();
    const other = await json<SignedIn>(await signIn(account.email, account.password));
    const asked = await askForLink(account.email);
    expect(asked.status).toBe(200);
    expect(await json(asked)).toEqual(LINK_SENT);
    const mail = await lastMessageTo(account.email);
    expect(mail).toMatchObject({ channel: "email", subject: "Reset your password for food.localhost" });
    expect(mail?.body).toMatch(/http:\/\/food\.localhost\/forgot-password\?token=[A-Za-z0-9_-]{43}\n/);
    const token = await lastResetTokenTo(account.email);
    // Stored as its hash only.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM password_resets WHERE token_hash = ?1").bind(token).first()).toEqual({ n: 0 });

    const reset = await resetWith(token);
    expect(reset.status).toBe(200);
    const fresh = await json<SignedIn>(reset);
    expect(fresh.user.email).toBe(account.email);
    for (const old of [signedIn.token, other.token]) {
      expect((await call("/api/user/details", { token: old, method: "GET" })).status).toBe(401);
    }
    expect((await call("/api/user/details", { token: fresh.token, method: "GET" })).status).toBe(200);
    expect((await signIn(account.email, account.password)).status).toBe(422);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("takes a link once", async () => {
    const { account } = await register();
    await askForLink(account.email);
    const token = await lastResetTokenTo(account.email);
    expect((await resetWith(token)).status).toBe(200);
    const again = await resetWith(token, "yet another password");
    expect(again.status).toBe(422);
    expect(await json(again)).toEqual(LINK_REFUSED);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link, an unknown token and a mangled one alike", async () => {
    const { account, signedIn } = await register();
    await askForLink(account.email);
    const token = await lastResetTokenTo(account.email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ?2 WHERE customer_id = ?1")
      .bind(signedIn.user.id, Date.now() - 1)
      .run();
    for (const attempt of [token, "A".repeat(43), "short", "<script>"]) {
      const response = await resetWith(attempt);
      expect(response.status, attempt).toBe(422);
      expect(await json(response)).toEqual(LINK_REFUSED);
    }
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });

  it("replaces the old link with a new one", async () => {
    const { account } = await register();
    await askForLink(account.email);
    const first = await lastResetTokenTo(account.email);
    await ageSends(`email:${account.email}`);
    await askForLink(account.email);
    const second = await lastResetTokenTo(account.email);
    expect((await resetWith(first)).status).toBe(422);
    expect((await resetWith(second)).status).toBe(200);
  });

  it("keeps the link when the new password is refused", async () => {
    const { account } = await register();
    await askForLink(account.email);
    const token = await lastResetTokenTo(account.email);
    const short = await resetWith(token, "short");
    expect(short.status).toBe(400);
    expect(await json(short)).toMatchObject({
      code: "invalid_input",
      issues: [{ path: "password", message: "Use a password of at least 8 characters." }],
    });
    expect((await resetWith(token)).status).toBe(200);
  });

  it("answers an unknown email exactly as a known one, limits included, and mails nothing", async () => {
    const { account } = await register();
    const stranger = `nobody.${Date.now()}@example.com`;
    const [known, unknown] = [await askForLink(account.email), await askForLink(stranger)];
    expect(unknown.status).toBe(known.status);
    expect(await json(unknown)).toEqual(await json(known));
    expect(await messageCountTo(stranger)).toBe(0);
    const [knownAgain, unknownAgain] = [await askForLink(account.email), await askForLink(stranger)];
    expect([knownAgain.status, unknownAgain.status]).toEqual([429, 429]);
    expect(Number(unknownAgain.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await json(unknownAgain)).toEqual(await json(knownAgain));
  });

  it("limits links per destination to five an hour", async () => {
    const { account } = await register();
    for (let i = 0; i < 5; i++) {
      expect((await askForLink(account.email)).status).toBe(200);
      await ageSends(`email:${account.email}`);
    }
    const sixth = await askForLink(account.email);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await messageCountTo(account.email)).toBe(5);
  });

  it("ties a link to its store: a food link does nothing at retail", async () => {
    const account = newAccount();
    await register(account, "food.localhost");
    await register(account, "retail.localhost");
    await askForLink(account.email, "food.localhost");
    const token = await lastResetTokenTo(account.email);
    const elsewhere = await resetWith(token, NEW_PASSWORD, "retail.localhost");
    expect(elsewhere.status).toBe(422);
    // In the retail store's German, to a caller who names no language (decision 079).
    expect(await json(elsewhere)).toEqual({ ...LINK_REFUSED, message: translatorOf("de")("errors.reset_link_refused") });
    expect((await signIn(account.email, account.password, "retail.localhost")).status).toBe(200);
    expect((await resetWith(token, NEW_PASSWORD, "food.localhost")).status).toBe(200);
  });
});

describe("changing the password while signed in (/api/user/change-password)", () => {
  it("needs the current password, keeps this session, signs every other one out, and tells the email and phone", async () => {
    const { account, signedIn } = await register();
    const other = await json<SignedIn>(await signIn(account.email, account.password));
    const change = (current_password: string) =>
      call("/api/user/change-password", { token: signedIn.token, body: { current_password, password: NEW_PASSWORD } });
    expect((await change("not the password")).status).toBe(422);
    expect((await call("/api/user/details", { token: other.token, method: "GET" })).status).toBe(200);
    expect(await messageCountTo(account.email.toLowerCase())).toBe(0);
    expect((await change(account.password)).status).toBe(200);
    expect((await call("/api/user/details", { token: signedIn.token, method: "GET" })).status).toBe(200);
    expect((await call("/api/user/details", { token: other.token, method: "GET" })).status).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    // The owner hears of it at both, and the mail's link sets another password if it was not them.
    expect((await lastMessageTo(account.email.toLowerCase()))?.body).toContain("password of your account");
    expect(await messageCountTo(account.phone)).toBe(1);
    const token = await lastResetTokenTo(account.email.toLowerCase());
    expect((await resetWith(token, "the owner's own password")).status).toBe(200);
  });
});
