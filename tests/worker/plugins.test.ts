import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import retail from "../../stores/retail.json";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { request } from "./request";

/** The page's CSP, directive by directive. */
async function csp(host: string, path = "/"): Promise<Record<string, string>> {
  const response = await request(host, path);
  await response.body?.cancel();
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(
    header.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(" ")];
    }),
  );
}

function consentPost(answer: string, headers: Record<string, string> = {}, path = "/cookie-consent") {
  return request("retail.localhost", path, {
    method: "POST",
    body: new URLSearchParams({ answer }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://retail.localhost", ...headers },
  });
}

describe("the CSP per store", () => {
  it("retail (WhatsApp, Google Analytics, cookie consent) allows Google Analytics' origins and nothing else", async () => {
    const policy = await csp("retail.localhost");
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com$/);
    expect(policy["connect-src"]).toBe(
      "'self' https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com",
    );
    expect(policy["frame-src"]).toBe("'self'");
    expect(policy["font-src"]).toBe("'self' data:");
  });

  it("food (no plugin on) allows no plugin origin", async () => {
    const policy = await csp("food.localhost");
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^' ]+'$/);
    expect(policy["connect-src"]).toBe("'self'");
    expect(policy["frame-src"]).toBe("'self'");
  });

  it("follows a re-import: a store that switches Intercom and Tawk.to on allows their origins", async () => {
    const file = structuredClone(retail) as typeof retail & { settings: Record<string, string>; slug: string; hostnames: string[] };
    file.slug = "plugin-lab";
    file.hostnames = ["plugin-lab.localhost"];
    file.demo_customers = [];
    Object.assign(file.settings, {
      plugin_google_analytics_enable: "false",
      plugin_intercom_enable: "true",
      plugin_intercom_app_id: "abc123de",
      plugin_tawk_to_enable: "true",
      plugin_tawk_to_property_id: "0123456789abcdef01234567",
    });
    await importStore(env, file);
    const policy = await csp("plugin-lab.localhost");
    expect(policy["script-src"]).toContain("https://widget.intercom.io https://js.intercomcdn.com https://embed.tawk.to");
    expect(policy["script-src"]).not.toContain("googletagmanager");
    expect(policy["connect-src"]).toContain("wss://*.intercom.io");
    expect(policy["frame-src"]).toBe("'self' https://intercom-sheets.com https://www.intercom-reporting.com https://*.tawk.to");
  });
});

describe("the plugins' markup without JavaScript", () => {
  it("retail shows the WhatsApp link and, until answered, the consent banner; no plugin script before consent", async () => {
    const html = await (await request("retail.localhost", "/")).text();
    expect(html).toContain('href="https://wa.me/353851234567?text=Hello%20Northwind!%20I%20have%20a%20question%20about%20an%20order."');
    expect(html).toContain('data-testid="cookie-banner"');
    expect(html).toContain('<form method="post" action="/cookie-consent"');
    expect(html).not.toContain("google_analytics");
  });

  it("once accepted, the banner is gone and the page lists Google Analytics to load after hydration", async () => {
    const html = await (await request("retail.localhost", "/", { headers: { Cookie: "cookie_consent=accepted" } })).text();
    expect(html).not.toContain('data-testid="cookie-banner"');
    // The root's data (turbo-stream) names the plugin and its id; its chunk is fetched only after hydration.
    expect(html).toContain('\\"google_analytics\\",\\"uniqueId\\",\\"google-analytics\\"');
    expect(html).toContain('\\"G-DEMO000000\\"');
    expect(html).not.toMatch(/plugin-host|google-analytics-[\w-]+\.js/);
    const declined = await (await request("retail.localhost", "/", { headers: { Cookie: "cookie_consent=declined" } })).text();
    expect(declined).not.toContain('data-testid="cookie-banner"');
    expect(declined).not.toContain("google_analytics");
    expect(declined).toContain("https://wa.me/353851234567");
  });

  it("food renders no plugin at all", async () => {
    const html = await (await request("food.localhost", "/")).text();
    expect(html).not.toContain("wa.me");
    expect(html).not.toContain("cookie-banner");
    expect(html).not.toContain("google_analytics");
    expect(html).not.toMatch(/plugin-host|google-analytics-[\w-]+\.js/);
  });
});

describe("the consent form (POST /cookie-consent, no JavaScript)", () => {
  it("Accept keeps the answer in the consent cookie and goes back (303) to the page it was on", async () => {
    const response = await consentPost("accepted", { Referer: "http://retail.localhost/product/linen-shirt?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/product/linen-shirt?x=1");
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^cookie_consent=accepted; Max-Age=31536000; Path=\/; HttpOnly/),
    ]);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("Decline is kept too; another site's Referer goes back to the home instead", async () => {
    const response = await consentPost("declined", { Referer: "https://evil.example/phish" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie()[0]).toMatch(/^cookie_consent=declined;/);
  });

  it("refuses an answer that is neither, setting nothing", async () => {
    const response = await consentPost("maybe");
    expect(response.status).toBe(422);
    expect(response.headers.getSetCookie()).toEqual([]);
    // The retail store speaks German, and English at /en (decision 078).
    expect(await response.text()).toContain("Wählen Sie Akzeptieren oder Ablehnen.");
    const english = await consentPost("maybe", {}, "/en/cookie-consent");
    expect(english.status).toBe(422);
    expect(await english.text()).toContain("Choose Accept or Decline.");
  });

  it("the page shows the answer given, and a store without the plugin has no such page", async () => {
    const page = await (await request("retail.localhost", "/en/cookie-consent", { headers: { Cookie: "cookie_consent=declined" } })).text();
    expect(page).toContain("You declined these cookies.");
    expect((await request("food.localhost", "/cookie-consent")).status).toBe(404);
    const post = await request("food.localhost", "/cookie-consent", {
      method: "POST",
      body: "answer=accepted",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://food.localhost" },
    });
    expect(post.status).toBe(404);
    expect(post.headers.getSetCookie()).toEqual([]);
  });
});

describe("the importer in workerd", () => {
  it("refuses a javascript: link or script in a plugin setting, leaving the store as it was", async () => {
    const file = structuredClone(retail) as typeof retail & { settings: Record<string, string> };
    file.settings.plugin_cookie_consent_policy_url = "javascript:alert(document.cookie)";
    file.settings.plugin_whatsapp_text = "<img src=x onerror=alert(1)>";
    const refusal = await importStore(env, file).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StoreImportError);
    expect((refusal as StoreImportError).message).toContain("settings.plugin_whatsapp_text: must be plain text");
    expect((refusal as StoreImportError).message).toContain("settings.plugin_cookie_consent_policy_url: must be a path");
    const html = await (await request("retail.localhost", "/")).text();
    expect(html).toContain("Hello%20Northwind!");
  });
});
