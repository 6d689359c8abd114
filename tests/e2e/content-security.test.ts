import { describe, expect, it } from "vitest";
import { FOOD, registeredCustomer } from "./api-steps";
import { getOnLoopback, ready, recordViolations, storeUrl, useBrowser, VARIANTS } from "./helpers";

/**
 * The pages hold under a CSP without 'unsafe-inline' for styles (issue 30): the store's colours come from one nonced
 * style element, and no page renders a style attribute. Chromium reports every refused style as a console error
 * (which fails the test); the pages' own `securitypolicyviolation` events are counted as well. Static files carry
 * the headers the pages do, from public/_headers.
 */

const PAGES = ["/", "/category/pizzas", "/product/margherita-pizza", "/product/reviews/26", "/cart", "/location", "/login", "/register"];

describe.each(VARIANTS.filter((v) => v.js))("styles under the CSP ($name)", (variant) => {
  const { open } = useBrowser();

  for (const path of PAGES) {
    it(`${path} applies its styles with no violation`, async () => {
      const { page, response } = await open(storeUrl(FOOD, path), variant, recordViolations);
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
      expect(csp).not.toContain("unsafe-inline");
      await ready(page, variant);
      // The theme applies: the brand colour reaches an element styled with it.
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim());
      expect(brand).toMatch(/^#[0-9a-f]{6}$/i);
      // The served HTML has no style attribute (scripts may set styles later through the CSSOM, which the CSP allows).
      expect(await response.text()).not.toMatch(/<[^>]+\sstyle=/);
      await expect(page.evaluate(() => window.__cspViolations)).resolves.toEqual([]);
    });
  }

  it("the signed-in profile (the avatar) has no violation", async () => {
    const session = await registeredCustomer();
    const first = await open(storeUrl(FOOD, "/robots.txt"), variant, recordViolations);
    await first.page.context().addCookies([{ name: "session", value: session, url: storeUrl(FOOD, "/") }]);
    await first.page.goto(storeUrl(FOOD, "/account/edit-profile"), { waitUntil: "load" });
    await ready(first.page, variant);
    await expect(first.page.evaluate(() => window.__cspViolations)).resolves.toEqual([]);
  });
});

const get = (path: string) => getOnLoopback(FOOD, path);

describe("static files", () => {
  it("carry nosniff, a CSP and the other headers pages carry", async () => {
    const home = (await get("/")).body;
    const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
    const styles = home.match(/\/assets\/[\w.-]+\.css/)?.[0];
    expect(script).toBeDefined();
    expect(styles).toBeDefined();
    for (const path of [script!, styles!, "/demo/food/favicon-32.svg", "/demo/food/logo.svg"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(response.headers["strict-transport-security"], path).toContain("max-age=");
      // A file runs nothing and loads nothing of another origin, even opened on its own (an SVG is a document then).
      expect(response.headers["content-security-policy"], path).toMatch(/^default-src 'none';.*frame-ancestors 'self'$/);
    }
  });
});

describe.each(VARIANTS.filter((v) => v.js && v.width > 1000))("a picture opened on its own ($name)", (variant) => {
  const { open } = useBrowser();

  it("shows under the files' CSP with no violation", async () => {
    const { page, response } = await open(storeUrl(FOOD, "/demo/food/logo.svg"), variant, recordViolations);
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    await expect(page.evaluate(() => window.__cspViolations)).resolves.toEqual([]);
  });
});
