import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, newAccount, register } from "./accounts-helpers";
import { json, request, viaCloudflare } from "./request";

/**
 * Guessing limits under real concurrency: every try is counted before the password, code or referral code is
 * checked, so a burst of 100 at once gets exactly the limit's checks through (no more, and no fewer: a limiter that
 * refused everything would pass an upper bound alone), and an account's email and phone share one limit. Each test guesses from its own client address (through "Cloudflare": a request with `cf`).
 */

function burst(n: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i).then((r) => r.status)));
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function fromCloudflare(path: string, address: string, body: unknown): Promise<Response> {
  return request("food.localhost", path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify(body),
    cf: { country: "IN" },
  } as RequestInit);
}

// Bursts of 100 real requests: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("guessing limits count before they check", () => {
  it("100 password guesses at once for one account: exactly 10 are checked, the rest are 429", async () => {
    const { account } = await register();
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    const statuses = await burst(100, (i) => fromCloudflare("/api/login", address, { email: account.email, password: `guess ${i}` }));
    expect(count(statuses, 422)).toBe(10);
    expect(count(statuses, 422) + count(statuses, 429)).toBe(100);
    // Even the right password waits for the window now.
    const right = await fromCloudflare("/api/login", viaCloudflare().headers["CF-Connecting-IP"]!, {
      email: account.email,
      password: account.password,
    });
    expect(right.status).toBe(429);
    const wait = Number(right.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
  });

  it("counts the account, not the text typed: its email and phone share the 10 tries", async () => {
    const { account } = await register();
    for (let i = 0; i < 5; i++) expect((await call("/api/login", { body: { email: account.email, password: `e${i}` } })).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await call("/api/login", { body: { phone: account.phone, password: `p${i}` } })).status).toBe(422);
    expect((await call("/api/login", { body: { phone: account.phone, password: account.password } })).status).toBe(429);
  });

  it("a customer's own sign-ins give their try back", async () => {
    const { account } = await register();
    for (let i = 0; i < 15; i++)
      expect((await call("/api/login", { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it("100 change-password tries at once from a stolen session: exactly 10 are checked", async () => {
    const { signedIn } = await register();
    const statuses = await burst(100, (i) =>
      call("/api/user/change-password", {
        token: signedIn.token,
        body: { current_password: `guess ${i}`, password: "a new good password" },
      }),
    );
    expect(count(statuses, 422)).toBe(10);
    expect(count(statuses, 422) + count(statuses, 429)).toBe(100);
  });

  it("100 sign-in codes at once from one client over many destinations: exactly the client's 50 are checked", async () => {
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    const statuses = await burst(100, (i) =>
      fromCloudflare("/api/login-otp", address, { email: `nobody.${i}@example.com`, code: "123456" }),
    );
    expect(count(statuses, 422)).toBe(50);
    expect(count(statuses, 422) + count(statuses, 429)).toBe(100);
  });

  it("100 referral codes at once from one client: exactly 50 are looked up", async () => {
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    const statuses = await burst(100, (i) =>
      request("food.localhost", `/api/get-referrer-user?referred_by=WRONG${i}`, {
        headers: { "CF-Connecting-IP": address },
        cf: {},
      } as RequestInit).then((r) => r),
    );
    expect(count(statuses, 404)).toBe(50);
    expect(count(statuses, 404) + count(statuses, 429)).toBe(100);
  });
});

describe("who the client is", () => {
  it("trusts CF-Connecting-IP only on a request that came through Cloudflare", async () => {
    // Without `cf`, made-up addresses are one client: 50 wrong codes under 50 names use up the one bucket.
    for (let i = 0; i < 50; i++) {
      const r = await request("food.localhost", `/api/get-referrer-user?referred_by=NOPE${i}`, {
        headers: { "CF-Connecting-IP": `203.0.113.${i}` },
      });
      expect(r.status).toBe(404);
    }
    const spoofed = await request("food.localhost", "/api/get-referrer-user?referred_by=NOPE99", {
      headers: { "CF-Connecting-IP": "203.0.113.200" },
    });
    expect(spoofed.status).toBe(429);
    // Through Cloudflare, that address is its own client.
    const real = await request("food.localhost", "/api/get-referrer-user?referred_by=NOPE99", {
      headers: { "CF-Connecting-IP": "203.0.113.200" },
      cf: {},
    } as RequestInit);
    expect(real.status).toBe(404);
    await env.DB.prepare("DELETE FROM auth_failures WHERE key LIKE 'client:referral:direct'").run();
  });

  it("limits registrations per client (20 an hour), in the one 429 shape", async () => {
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    for (let i = 0; i < 20; i++) expect((await fromCloudflare("/api/register", address, newAccount())).status).toBe(201);
    const refused = await fromCloudflare("/api/register", address, newAccount());
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ code: "too_many_requests" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
  });
});
