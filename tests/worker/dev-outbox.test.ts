import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { call, register } from "./accounts-helpers";
import { request } from "./request";

/** The Worker as `npm start` runs it: `.dev.vars` (copied from .dev.vars.example) sets DEV_TOOLS=1. */
async function withDevTools(host: string, path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://${host}${path}`), { ...env, DEV_TOOLS: "1" }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function storeId(slug: string): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())!.id;
}

describe("/dev/outbox", () => {
  it("lists the store's messages, newest first, with text shown as text, when DEV_TOOLS is set", async () => {
    const { account } = await register();
    await call("/api/send-login-otp", { body: { email: account.email } });
    await call("/api/send-login-otp", { body: { phone: account.phone } });
    await env.DB.prepare(
      "INSERT INTO outbox (tenant_id, channel, recipient, subject, body, created_at) VALUES (?1, 'email', ?2, ?3, ?4, ?5)",
    )
      .bind(await storeId("retail"), "someone@retail.example", "Retail only", "<script>alert(1)</script>", Date.now())
      .run();
    const page = await withDevTools("food.localhost", "/dev/outbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    const sms = html.indexOf(`Text to ${account.phone}`);
    const mail = html.indexOf(`Mail to ${account.email}`);
    expect(sms).toBeGreaterThan(-1);
    expect(mail).toBeGreaterThan(sms);
    expect(html).toMatch(/\d{6} is your sign-in code for food\.localhost/);
    expect(html).not.toContain("Retail only");

    const retail = await (await withDevTools("retail.localhost", "/dev/outbox")).text();
    expect(retail).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(retail).not.toContain("<script>alert(1)");
  });

  it("is the 404 page without DEV_TOOLS, as in a deployed Worker", async () => {
    const response = await request("food.localhost", "/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Outbox");
  });
});
