import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GEOCODER_NOT_SET_UP } from "../../worker/geocoding/select";
import { newAccount, register } from "./accounts-helpers";
import { en } from "./english";
import { viaCloudflare } from "./request";
import { fetchWith } from "./worker-with";

/** A deployed Worker without a messages transport: no MESSAGES_URL, no DEV_TOOLS, no test outbox. */
const DEPLOYED = { MESSAGES_URL: "", DEV_TOOLS: "", MESSAGES_OUTBOX: "" };
const REFUSAL = "Messages are not set up for this store, so no code or link can be sent. Sign in with your password, or ask the store.";

async function fetchAs(settings: Record<string, string>, path: string, init: RequestInit & { form?: Record<string, string> }) {
  const visitor = viaCloudflare();
  const headers: Record<string, string> = { ...visitor.headers, Origin: "http://food.localhost" };
  let body = init.body;
  if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form);
  } else if (body) headers["Content-Type"] = "application/json";
  return fetchWith(
    new Request(`http://food.localhost${path}`, { method: "POST", body, headers, redirect: "manual", cf: visitor.cf }),
    settings,
  );
}

/** A page as a deployed Worker without a geocoder key serves it. */
function fetchPage(path: string) {
  return fetchWith(new Request(`http://food.localhost${path}`), { ...DEPLOYED, GOOGLE_MAPS_API_KEY: "" });
}

describe("without a messages transport", () => {
  it("the API refuses a sign-in code and a reset link with the one error shape, and sends nothing", async () => {
    const { account } = await register();
    const before = await env.DB.prepare("SELECT count(*) AS n FROM outbox").first<{ n: number }>();
    for (const [path, body] of [
      ["/api/send-login-otp", { email: account.email }],
      ["/api/send-login-otp", { phone: account.phone }],
      ["/api/send-forgot-password-email", { email: account.email }],
    ] as const) {
      const response = await fetchAs(DEPLOYED, path, { body: JSON.stringify(body) });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({ code: "messages_not_set_up", message: REFUSAL });
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM outbox").first<{ n: number }>()).toEqual(before);
    // Nothing was counted against the destination either: a later, configured request is not throttled.
    const sent = await fetchAs({ ...DEPLOYED, DEV_TOOLS: "1" }, "/api/send-login-otp", { body: JSON.stringify({ email: account.email }) });
    expect(sent.status).toBe(200);
  });

  it("the login and forgot-password pages show the refusal beside the form, with JavaScript off and on", async () => {
    const account = newAccount();
    // Without JavaScript: the form's page again, with the message (a refusal, not a redirect to the code step).
    const code = await fetchAs(DEPLOYED, "/login", { form: { intent: "send-code", to: account.email } });
    expect(code.status).toBe(422);
    expect(await code.text()).toContain(REFUSAL);
    const reset = await fetchAs(DEPLOYED, "/forgot-password", { form: { intent: "send", email: account.email } });
    expect(reset.status).toBe(422);
    expect(await reset.text()).toContain(REFUSAL);
    // With JavaScript: Remix posts the same form to the route's data URL; the action's answer carries the message.
    for (const [path, form] of [
      ["/login.data", { intent: "send-code", to: account.email }],
      ["/forgot-password.data", { intent: "send", email: account.email }],
    ] as const) {
      const answer = await fetchAs(DEPLOYED, path, { form });
      expect(answer.headers.get("Location"), path).toBeNull();
      expect(await answer.text(), path).toContain(REFUSAL);
    }
  });

  it("a local run (DEV_TOOLS=1, as npm start) keeps the demo's outbox", async () => {
    const { account } = await register();
    const response = await fetchAs({ ...DEPLOYED, DEV_TOOLS: "1" }, "/api/send-forgot-password-email", {
      body: JSON.stringify({ email: account.email }),
    });
    expect(response.status).toBe(200);
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ?1").bind(account.email).first<{ body: string }>();
    expect(mail?.body).toContain("/forgot-password?token=");
  });
});

describe("without a geocoder", () => {
  it("the no-JavaScript place search says address search is limited, and still lists what it knows", async () => {
    const html = await (await fetchPage("/location?q=Koramangala")).text();
    expect(html).toContain(en(GEOCODER_NOT_SET_UP).replace("'", "&#x27;"));
    expect(html).toContain("Koramangala");
  });
});
