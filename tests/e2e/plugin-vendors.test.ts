import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { VendorRecord } from "../worker/fake-servers/fake-plugin-vendors";
import { ready, storeUrl, useBrowser, VARIANTS } from "./helpers";

/** tests/fixtures/plugins-store.json: every plugin on, a digital store, a favicon of every size, its own star colour. */
const PLUGINS = "plugins.localhost";
const VENDORS = inject("fakePluginVendorsUrl");
const STORE_ORIGIN = new URL(storeUrl(PLUGINS)).origin;

/** Each vendor's script as its install snippet asks for it, and what the snippet gives the script first. */
const EXPECTED: { path: string; given: Record<string, unknown> }[] = [
  {
    path: "/www.googletagmanager.com/gtag/js?id=G-FAKE12345",
    given: {
      dataLayer: [
        ["js", "Date"],
        ["config", "G-FAKE12345"],
      ],
    },
  },
  { path: "/www.wheelofpopups.com/api/v5744/widget.js", given: {} },
  { path: "/pixel.nudgify.com/pixel.js", given: { nudgify: { uuid: "d9d09c7f-3571-495d-9496-2b97f868f990" } } },
  { path: "/widget.intercom.io/widget/abc123xyz", given: { intercomSettings: { app_id: "abc123xyz" } } },
  { path: "/embed.tawk.to/5f2b3c4d5e6f708192a3b4c5/1e2f3g4h", given: { Tawk_API: "object", Tawk_LoadStart: "Date" } },
];

async function records(): Promise<VendorRecord[]> {
  return ((await (await fetch(`${VENDORS}/__records`)).json()) as VendorRecord[]).filter((record) => record.store === STORE_ORIGIN);
}

const bySpec = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);

async function acceptCookies(page: Page, variant: { js: boolean; width: number }) {
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await banner.getByRole("button", { name: "Accept" }).click();
  await banner.waitFor({ state: "detached", timeout: 10_000 });
  await ready(page, variant);
}

// Spec sections 1 and 9: each plugin loads only when its toggle is on, analytics and chat only after consent; every
// vendor's script is served by a fake on loopback (PLUGIN_SCRIPTS_URL) that records what the page asked for and what
// the script was given (decision 031).
describe.each(VARIANTS)("third-party plugins on their vendors' fakes ($name)", (variant) => {
  const { open } = useBrowser();

  it("loads each enabled vendor's script once, after consent, with what its snippet gives it; the CSP allows exactly the configured origin", async () => {
    const before = (await records()).length;
    const { page, response } = await open(storeUrl(PLUGINS, "/"), variant);
    await ready(page, variant);
    const scriptSrc = response
      .headers()
      ["content-security-policy"]?.split("; ")
      .find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toMatch(new RegExp(`^script-src 'self' 'nonce-[^']+' ${VENDORS.replaceAll(".", "\\.")}$`));
    if (variant.js) await page.waitForLoadState("networkidle");
    // Asked, not answered: nothing of any vendor's yet.
    expect((await records()).slice(before)).toEqual([]);

    await acceptCookies(page, variant);
    if (!variant.js) {
      // Without JavaScript no script can load: the page is the same store, still without any vendor's code.
      await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" }).isVisible()).resolves.toBe(true);
      expect((await records()).slice(before)).toEqual([]);
      return;
    }
    await expect.poll(async () => (await records()).slice(before).filter((r) => r.kind === "given").length, { timeout: 15_000 }).toBe(5);
    const seen = (await records()).slice(before);
    expect(
      seen
        .filter((r) => r.kind === "script")
        .map((r) => r.path)
        .sort(),
    ).toEqual(EXPECTED.map((e) => e.path).sort());
    expect(
      seen
        .filter((r) => r.kind === "given")
        .map(({ path, given }) => ({ path, given }))
        .sort(bySpec),
    ).toEqual([...EXPECTED].sort(bySpec));
    await expect.poll(() => page.getByTestId("loading-plugin").count()).toBe(0);
  });

  it("a digital store shows no price or add button; every favicon size is linked; review stars take the store's colour", async () => {
    const { page } = await open(storeUrl(PLUGINS, "/product/test-ebook"), variant);
    await ready(page, variant);
    const product = page.getByTestId("product-page");
    await product.getByRole("heading", { name: "Test Ebook" }).waitFor();
    await expect(product.getByText("$9.50").count()).resolves.toBe(0);
    await expect(product.getByRole("button", { name: "Add to Cart" }).count()).resolves.toBe(0);
    const icons = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => `${link.sizes.value} ${link.getAttribute("href")}`),
    );
    expect(icons).toEqual(
      [512, 192, 144, 128, 96, 48, 36, 32, 16].map(
        (size) => `${size}x${size} /demo/retail/favicon-${size === 512 || size === 192 ? size : 32}.svg`,
      ),
    );
    // Four filled stars of five in #c026d3, the store's plugin_product_reviews_star_color.
    const stars = product.getByRole("img", { name: "4 out of 5 stars" }).locator("span");
    const colours = await stars.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).color));
    expect(colours.filter((colour) => colour === "rgb(192, 38, 211)")).toHaveLength(4);

    const { page: home } = await open(storeUrl(PLUGINS, "/"), variant);
    await ready(home, variant);
    const card = home.getByTestId("product-card").filter({ hasText: "Test Ebook" });
    await card.first().waitFor();
    await expect(card.getByText("$9.50").count()).resolves.toBe(0);
    await expect(card.getByTestId("product-cta").count()).resolves.toBe(0);
  });
});
