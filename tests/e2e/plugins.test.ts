import type { Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { type OpenedPage, ready, storeUrl, useBrowser, VARIANTS, type Variant } from "./helpers";

const RETAIL = "retail.localhost";
const FOOD = "food.localhost";
const WHATSAPP_HREF = "https://wa.me/353851234567?text=Hello%20Northwind!%20I%20have%20a%20question%20about%20an%20order.";
/** The build's plugin chunks (app/components/plugins/): none may be fetched unless the store switches a plugin on. */
const PLUGIN_CHUNK =
  /\/assets\/(plugin-host|third-party-script|loading-plugin|google-analytics|intercom|tawk-to|nudgify|wheel-of-popups)-[\w-]+\.js$/;

/** The plugins' vendors on loopback: the server loads every plugin's script from here (PLUGIN_SCRIPTS_URL). */
const VENDORS = inject("fakePluginVendorsUrl");
const GTAG = `${VENDORS}/www.googletagmanager.com/gtag/js?id=G-DEMO000000`;

/**
 * Opens a store's page with every request recorded and nothing reaching the network: the plugins' scripts come from the
 * fake vendors, and the fake gtag.js is held back until `release` is called so the plugin's 'Loading plugin...' can be
 * seen.
 */
async function openRecorded(open: (url: string, variant: Variant) => Promise<OpenedPage>, host: string, variant: Variant, path = "/") {
  // A first, tiny answer gives the page its host; the routes are in place before the store's page loads.
  const opened = await open(storeUrl(host, "/robots.txt"), variant);
  const { page } = opened;
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Playwright tries the routes last-registered first: anything else off this machine is refused.
  await page.route(/^https?:\/\/(?![\w.-]*localhost[:/])/, (route: Route) => route.abort());
  await page.route(
    (url) => url.origin === VENDORS,
    (route: Route) => route.continue(),
  );
  await page.route(
    (url) => url.href === GTAG,
    async (route: Route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(storeUrl(host, path), { waitUntil: "load" });
  await ready(page, variant);
  return { ...opened, requested, release };
}

const pluginChunks = (requested: string[]) => requested.filter((url) => PLUGIN_CHUNK.test(new URL(url).pathname));
const thirdParty = (requested: string[]) =>
  requested.filter((url) => /^https?:/.test(url) && !/^https?:\/\/[\w.-]*localhost[:/]/.test(url));

async function settle(page: Page, variant: Variant) {
  if (variant.js) await page.waitForLoadState("networkidle");
}

describe.each(VARIANTS)("plugins ($name)", (variant) => {
  const { open } = useBrowser();

  it("retail shows WhatsApp and the consent banner; accepting loads Google Analytics, with the page's nonce", async () => {
    // In English, at /en: the retail store speaks German at its own addresses (decision 078).
    const { page, requested, release } = await openRecorded(open, RETAIL, variant, "/en");
    const whatsapp = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    await expect(whatsapp.getAttribute("href")).resolves.toBe(WHATSAPP_HREF);
    await expect(whatsapp.isVisible()).resolves.toBe(true);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner.isVisible()).resolves.toBe(true);
    // Before the shopper's yes: no analytics code of any kind.
    await settle(page, variant);
    expect(pluginChunks(requested)).toEqual([]);
    expect(thirdParty(requested)).toEqual([]);

    // A plain form post, answered 303 back to this page, which comes again without the banner.
    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await ready(page, variant);
    expect(page.url()).toBe(storeUrl(RETAIL, "/en"));
    await expect(whatsapp.isVisible()).resolves.toBe(true);
    if (variant.js) {
      // The chunk is in; gtag.js is held back, so the plugin says it is loading.
      await page.getByTestId("loading-plugin").filter({ hasText: "Loading plugin..." }).waitFor({ timeout: 10_000 });
      release();
      await expect
        .poll(() => page.evaluate(() => (window as { fakeVendorsLoaded?: string[] }).fakeVendorsLoaded))
        .toEqual(["google_analytics"]);
      await expect.poll(() => page.getByTestId("loading-plugin").count()).toBe(0);
      // The script, then its report to the fake of what it was given.
      expect(thirdParty(requested)).toEqual([GTAG, `${VENDORS}/__given`]);
      expect(pluginChunks(requested).some((url) => /google-analytics-/.test(url))).toBe(true);
      // Only the enabled plugin's chunk: not the other vendors'.
      expect(pluginChunks(requested).filter((url) => /(intercom|tawk-to|nudgify|wheel-of-popups)-/.test(url))).toEqual([]);
      const nonce = await page.evaluate((src) => document.querySelector<HTMLScriptElement>(`script[src="${src}"]`)?.nonce ?? "", GTAG);
      expect(nonce).not.toBe("");
    } else {
      release();
      expect(pluginChunks(requested)).toEqual([]);
      expect(thirdParty(requested)).toEqual([]);
    }
  });

  it("declining on the cookie page keeps analytics away for good", async () => {
    const { page, requested, release } = await openRecorded(open, RETAIL, variant, "/en/cookie-consent");
    release();
    // The form post leaves the page: let the home under the dialog finish loading first.
    await settle(page, variant);
    const main = page.getByTestId("cookie-consent-page");
    await main.getByRole("button", { name: "Decline" }).click();
    await main.getByTestId("consent-answer").filter({ hasText: "You declined these cookies." }).waitFor();
    await ready(page, variant);
    await settle(page, variant);
    await page.goto(storeUrl(RETAIL, "/en"), { waitUntil: "load" });
    await ready(page, variant);
    await expect(page.getByRole("region", { name: "Cookie consent" }).count()).resolves.toBe(0);
    await settle(page, variant);
    expect(pluginChunks(requested)).toEqual([]);
    expect(thirdParty(requested)).toEqual([]);
  });

  it("food (no plugin on) requests no plugin chunk and shows no plugin", async () => {
    const { page, requested } = await openRecorded(open, FOOD, variant);
    await settle(page, variant);
    // The record does hold the page's scripts (so an empty list of plugin chunks means something).
    if (variant.js) expect(requested.some((url) => url.endsWith(".js"))).toBe(true);
    expect(pluginChunks(requested)).toEqual([]);
    expect(thirdParty(requested)).toEqual([]);
    await expect(page.locator('a[href^="https://wa.me/"]').count()).resolves.toBe(0);
    await expect(page.getByRole("region", { name: "Cookie consent" }).count()).resolves.toBe(0);
  });
});
