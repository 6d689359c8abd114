import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, messageCountTo, register } from "./accounts-helpers";
import { json, viaCloudflare } from "./request";

/**
 * Codes and reset links are limited per client and per store as well as per destination (issue 30): one client
 * cannot message a store's whole customer list, and a crowd cannot make a store send without end.
 */

const TOO_MANY = { code: "too_many_requests", message: "Too many requests. Please try again later." };

// Bursts of real concurrent requests: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("messages per client", () => {
  it("one client asking for codes and links for many customers gets 10 an hour, then the one 429", async () => {
    const customers = await Promise.all(Array.from({ length: 11 }, () => register()));
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    const ask = (i: number) => {
      const { account } = customers[i]!;
      return i % 2 === 0
        ? call("/api/send-login-otp", { body: { phone: account.phone }, headers: { "CF-Connecting-IP": address } })
        : call("/api/send-forgot-password-email", { body: { email: account.email }, headers: { "CF-Connecting-IP": address } });
    };
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i).then((r) => r.status)));
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await ask(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(await json(refused)).toEqual(TOO_MANY);
    expect(await messageCountTo(customers[10]!.account.phone)).toBe(0);
    expect(await messageCountTo(customers[10]!.account.email.toLowerCase())).toBe(0);
    // Another client still can.
    expect((await call("/api/send-forgot-password-email", { body: { email: customers[10]!.account.email } })).status).toBe(200);
  });

  it("a burst of 40 at once from one client sends no more than 10", async () => {
    const address = viaCloudflare().headers["CF-Connecting-IP"]!;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call("/api/send-login-otp", {
          body: { email: `burst.${i}.${Date.now()}@example.com` },
          headers: { "CF-Connecting-IP": address },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(30);
  });
});

describe("messages per store", () => {
  it("past the store's 500 an hour, every client is refused alike", async () => {
    const { account } = await register();
    await env.DB.prepare(
      `INSERT INTO auth_failures (tenant_id, key, window_start, failures) VALUES (1, 'store-messages:store', ?1, 500)
       ON CONFLICT (tenant_id, key) DO UPDATE SET window_start = ?1, failures = 500`,
    )
      .bind(Date.now())
      .run();
    const refused = await call("/api/send-login-otp", { body: { email: account.email } });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual(TOO_MANY);
    // Another store is not held back.
    expect((await call("/api/send-login-otp", { body: { email: "someone@example.com" }, host: "retail.localhost" })).status).toBe(200);
    await env.DB.prepare("DELETE FROM auth_failures WHERE key = 'store-messages:store'").run();
  });
});
