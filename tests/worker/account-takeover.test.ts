import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, lastMessageTo, lastResetTokenTo, messageCountTo, register, type SignedIn } from "./accounts-helpers";
import { getPage, postForm } from "./page-session";
import { json } from "./request";

/**
 * A stolen session is not an account (issue 30): the email and phone change only with the current password, the
 * owner hears of it at the old ones with a link that puts them back, and every other session ends.
 */

const signIn = (email: string, password: string) => call("/api/login", { body: { email, password } });
const details = (token: string) => call("/api/user/details", { token, method: "GET" });

function undoTokenIn(body: string | undefined): string {
  const token = body?.match(/\/account\/undo-change\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error("no undo link in the message");
  return token;
}

async function owner() {
  const { account, signedIn } = await register();
  const email = account.email.toLowerCase();
  const thief = await json<SignedIn>(await signIn(email, account.password));
  return { account: { ...account, email }, owner: signedIn, thief };
}

// Bursts of real concurrent requests: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("changing the email or phone", () => {
  it("needs the current password: without it, or with a wrong one, nothing changes", async () => {
    const { account, thief } = await owner();
    const moved = { name: "Thief", email: `thief.${Date.now()}@example.com`, phone: account.phone };
    const without = await call("/api/user/update-details", { token: thief.token, body: moved });
    expect(without.status).toBe(422);
    expect(await json(without)).toMatchObject({ code: "invalid_credentials", issues: [{ path: "current_password" }] });
    const wrong = await call("/api/user/update-details", { token: thief.token, body: { ...moved, current_password: "a guess" } });
    expect(wrong.status).toBe(422);
    expect(await json(await details(thief.token))).toMatchObject({ email: account.email });
  });

  it("the name alone changes with the session, and tells nobody", async () => {
    const { account, thief } = await owner();
    const renamed = await call("/api/user/update-details", {
      token: thief.token,
      body: { name: "New Name", email: account.email, phone: account.phone },
    });
    expect(renamed.status).toBe(200);
    expect(await messageCountTo(account.email)).toBe(0);
  });

  it("with the password: other sessions end, the old email and phone are told, and the link puts them back", async () => {
    const { account, owner: ownerSession, thief } = await owner();
    const newEmail = `thief.${Date.now()}@example.com`;
    const changed = await call("/api/user/update-details", {
      token: thief.token,
      body: { name: "Thief", email: newEmail, phone: "+919000000001", current_password: account.password },
    });
    expect(changed.status).toBe(200);
    expect((await details(thief.token)).status).toBe(200);
    expect((await details(ownerSession.token)).status).toBe(401);
    const mail = await lastMessageTo(account.email);
    expect(mail?.subject).toContain("were changed");
    expect((await lastMessageTo(account.phone))?.body).toContain("/account/undo-change?token=");
    // The thief asks for a reset link at the new address: the undo voids it.
    expect((await call("/api/send-forgot-password-email", { body: { email: newEmail } })).status).toBe(200);
    const thiefReset = await lastResetTokenTo(newEmail);
    const undone = await call("/api/undo-contact-change", {
      body: { token: undoTokenIn(mail?.body), password: "the owner's new password" },
    });
    expect(undone.status).toBe(200);
    const back = await json<SignedIn>(undone);
    expect(back.user).toMatchObject({ email: account.email, phone: account.phone });
    expect((await details(thief.token)).status).toBe(401);
    expect((await signIn(account.email, account.password)).status).toBe(422);
    expect((await signIn(account.email, "the owner's new password")).status).toBe(200);
    expect((await call("/api/verify-forgot-password", { body: { token: thiefReset, password: "thief's password" } })).status).toBe(422);
    // Single use.
    const again = await call("/api/undo-contact-change", { body: { token: undoTokenIn(mail?.body), password: "another password" } });
    expect(again.status).toBe(422);
  });

  it("a second change within the week keeps the owner's details in the undo", async () => {
    const { account, thief } = await owner();
    const step = (email: string, phone: string) =>
      call("/api/user/update-details", { token: thief.token, body: { name: "T", email, phone, current_password: account.password } });
    expect((await step(`one.${Date.now()}@example.com`, "+919000000002")).status).toBe(200);
    const second = `two.${Date.now()}@example.com`;
    expect((await step(second, "+919000000003")).status).toBe(200);
    // The second notice went to the first change's addresses; its link still restores the owner's.
    const token = undoTokenIn((await lastMessageTo("+919000000002"))?.body);
    const undone = await call("/api/undo-contact-change", { body: { token, password: "the owner's new password" } });
    expect((await json<SignedIn>(undone)).user).toMatchObject({ email: account.email, phone: account.phone });
  });

  it("a bad or made-up undo token is one 422", async () => {
    for (const token of ["nope", "A".repeat(43)]) {
      const response = await call("/api/undo-contact-change", { body: { token, password: "a good new password" } });
      expect(response.status).toBe(422);
      expect(await json(response)).toMatchObject({ code: "invalid_token" });
    }
  });

  it("100 guesses of the current password at once from a stolen session: exactly 10 are checked", async () => {
    const { account, thief } = await owner();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call("/api/user/update-details", {
          token: thief.token,
          body: { name: "T", email: `g${i}.${Date.now()}@example.com`, phone: account.phone, current_password: `guess ${i}` },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 422).length).toBe(10);
    expect(statuses.filter((s) => s === 422 || s === 429).length).toBe(100);
    const row = await env.DB.prepare("SELECT email FROM customers WHERE email = ?1").bind(account.email).first();
    expect(row).not.toBeNull();
  });
});

describe("the undo page", () => {
  it("/account/undo-change shows the form for the link, puts the details back and signs the owner in", async () => {
    const { account, thief } = await owner();
    await call("/api/user/update-details", {
      token: thief.token,
      body: { name: "T", email: `page.thief.${Date.now()}@example.com`, phone: "+919000000009", current_password: account.password },
    });
    const token = undoTokenIn((await lastMessageTo(account.email))?.body);
    const page = await getPage(`/account/undo-change?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await page.text()).toContain(`name="token" value="${token}"`);
    const done = await postForm("/account/undo-change", { token, password: "the owner's page password" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/account");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
    expect((await details(thief.token)).status).toBe(401);
    const again = await postForm("/account/undo-change", { token, password: "the owner's page password" });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("This link has expired or was already used");
  });
});
