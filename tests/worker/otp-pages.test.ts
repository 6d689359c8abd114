import { describe, expect, it } from "vitest";
import { ageSends, lastCodeTo, lastResetTokenTo, register } from "./accounts-helpers";
import { jar, postForm } from "./page-session";
import { guestCall, newGuest, request } from "./request";

const HOST = "food.localhost";
const CODE_REFUSED = "That code is wrong or has expired. Check it, or ask for a new code.";

const page = (path: string, cookie = "") => request(HOST, path, { headers: { Cookie: cookie } });
const send = (fields: Record<string, string>, cookie = "", path = "/login") => postForm(path, fields, cookie, HOST);

describe("sign-in with a one-time code, without JavaScript", () => {
  it("sends a code, shows the code step, signs in with the code from the outbox and keeps the guest cart", async () => {
    const { account } = await register();
    const login = await page("/login");
    const html = await login.text();
    expect(html).toContain("Sign in with a one-time code");
    expect(html).toMatch(/<label[^>]*>Email or phone number<input name="to"/);

    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 3 })).status).toBe(201);
    const cookie = `guest_id=${guest}`;
    const sent = await send({ intent: "send-code", to: account.email, redirectTo: "/cart" }, cookie);
    expect(sent.status).toBe(303);
    const step = sent.headers.get("Location")!;
    expect(step).toBe(`/login?otp=email&to=${encodeURIComponent(account.email)}&redirectTo=%2Fcart`);

    const stepPage = await page(step, cookie);
    expect(stepPage.status).toBe(200);
    const stepHtml = await stepPage.text();
    expect(stepHtml).toContain(`If an account uses ${account.email}, we have mailed it a 6-digit code.`);
    expect(stepHtml).toMatch(/<label[^>]*>Code<input name="code"[^>]*autoComplete="one-time-code"/);

    const signedIn = await send(
      { intent: "code", to: account.email, code: await lastCodeTo(account.email), redirectTo: "/cart" },
      cookie,
      step,
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/cart");
    expect(signedIn.headers.getSetCookie().some((c) => /^session=[A-Za-z0-9_-]{43};/.test(c))).toBe(true);
    const cart = await page("/cart", jar(signedIn, cookie));
    expect(await cart.text()).toContain("Paneer Tikka");
  });

  it("shows a wrong code's message beside the code field, on the code step", async () => {
    const { account } = await register();
    const step = (await send({ intent: "send-code", to: account.phone, redirectTo: "/account" })).headers.get("Location")!;
    expect(step).toContain("otp=phone");
    const code = await lastCodeTo(account.phone);
    const wrong = await send({ intent: "code", to: account.phone, code: code === "000000" ? "111111" : "000000" }, "", step);
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await wrong.text();
    expect(html).toContain(CODE_REFUSED);
    expect(html).toContain('data-testid="code-step"');
  });

  it("answers a resend within 30 seconds with 429, Retry-After and the spec's text", async () => {
    const { account } = await register();
    const step = (await send({ intent: "send-code", to: account.email })).headers.get("Location")!;
    const again = await send({ intent: "send-code", to: account.email }, "", step);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await again.text()).toContain("Too many requests. Please try again later.");
    await ageSends(`email:${account.email}`);
    expect((await send({ intent: "send-code", to: account.email }, "", step)).status).toBe(303);
  });

  it("answers an unknown email with the same code step", async () => {
    const to = `nobody.${Date.now()}@example.com`;
    const sent = await send({ intent: "send-code", to });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toContain("otp=email");
  });
});

describe("forgot password, without JavaScript", () => {
  it("mails a link, opens the new-password form from it, and signs in with the new password", async () => {
    const { account, signedIn: oldSession } = await register();
    const ask = await page("/forgot-password");
    expect(ask.status).toBe(200);
    expect(ask.headers.get("Cache-Control")).toBe("private, no-store");
    const askHtml = await ask.text();
    expect(askHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(askHtml).toMatch(/<label[^>]*>Email<input name="email"/);

    const sent = await send({ intent: "send", email: account.email }, "", "/forgot-password");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(await (await page("/forgot-password?sent=1")).text()).toContain(
      "If an account exists for that email, we have sent a link to choose a new password.",
    );

    const link = `/forgot-password?token=${await lastResetTokenTo(account.email)}`;
    const form = await (await page(link)).text();
    expect(form).toMatch(/<label[^>]*>New password \(at least 8 characters\)<input name="password"/);
    const token = new URL(link, "http://x").searchParams.get("token")!;
    const reset = await send({ intent: "reset", token, password: "a brand new password" }, "", link);
    expect(reset.status).toBe(303);
    expect(reset.headers.get("Location")).toBe("/account");
    const account_ = await page("/account", jar(reset));
    expect(account_.status).toBe(200);
    // The session from before the reset is over.
    expect((await request(HOST, "/api/user/details", { headers: { Authorization: `Bearer ${oldSession.token}` } })).status).toBe(401);

    const reused = await send({ intent: "reset", token, password: "yet another password" }, "", link);
    expect(reused.status).toBe(422);
    const reusedHtml = await reused.text();
    expect(reusedHtml).toContain("This reset link has expired or was already used. Ask for a new one.");
    expect(reusedHtml).toContain('href="/forgot-password"');
  });

  it("answers an unknown email with the same page", async () => {
    const sent = await send({ intent: "send", email: `nobody.${Date.now()}@example.com` }, "", "/forgot-password");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/forgot-password?sent=1");
  });

  it("shows a refused new password beside the field", async () => {
    const short = await send({ intent: "reset", token: "x".repeat(43), password: "short" }, "", "/forgot-password?token=x");
    expect(short.status).toBe(422);
    expect(await short.text()).toContain("Use a password of at least 8 characters.");
  });
});

describe("the sign-in pages' shell", () => {
  it("has no powered-by footer on /login, /register and /forgot-password, and marks them noindex", async () => {
    expect(await (await page("/")).text()).toContain('data-testid="powered-by"');
    for (const path of ["/login", "/register", "/forgot-password", "/login?otp=email&to=a%40example.com"]) {
      const html = await (await page(path)).text();
      expect(html, path).not.toContain('data-testid="powered-by"');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});
