import { describe, expect, it } from "vitest";
import { speculationRules } from "../../app/lib/speculation-rules";
import { FOOD, registeredCustomer } from "./api-steps";
import { getOnLoopback, type LoopbackAnswer, recordViolations, storeUrl, useBrowser, VARIANTS, waitForApp } from "./helpers";

/**
 * The Speculation Rules of catalogue pages (decision 069): which pages carry them and with what, none for a shopper
 * saving data (the page cache keeps the two apart), the answer's nonce on them, and Chromium acting on them.
 */

type Answer = LoopbackAnswer;
const get = (path: string, headers: Record<string, string> = {}) => getOnLoopback(FOOD, path, headers);

const RULES_SCRIPT = /<script type="speculationrules"(?: nonce="([^"]*)")?>([^<]*)<\/script>/g;

/** The page's rules scripts: their nonce and JSON. */
function rulesOf(answer: Answer): { nonce: string | undefined; rules: unknown }[] {
  return [...answer.body.matchAll(RULES_SCRIPT)].map((match) => ({ nonce: match[1], rules: JSON.parse(match[2]!) }));
}

function cspNonce(answer: Answer): string | undefined {
  return String(answer.headers["content-security-policy"] ?? "").match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
}

const CATALOGUE = ["/", "/category/pizzas", "/product/margherita-pizza", "/search?q=pizza", "/page/about-us"];
const PRIVATE = ["/cart", "/checkout", "/account", "/login", "/register", "/location"];
const SAVE_DATA = { "Save-Data": "on" };
const LINKS = [
  { pathname: "/product/*", search: "" },
  { pathname: "/category/*", search: "" },
];

describe("the rules a page carries", () => {
  for (const path of CATALOGUE) {
    it(`${path} prerenders product and category links, under the answer's nonce`, async () => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      const found = rulesOf(answer);
      expect(found).toHaveLength(1);
      expect(found[0]!.rules).toEqual({
        prerender: [
          {
            source: "document",
            where: { and: [{ href_matches: LINKS }, { not: { selector_matches: "[data-no-speculation]" } }] },
            eagerness: "moderate",
          },
        ],
      });
      expect(found[0]!.nonce).toBe(cspNonce(answer));
      expect(answer.headers.vary).toContain("Save-Data");
    });
  }

  for (const path of PRIVATE) {
    it(`${path} carries none`, async () => {
      const answer = await get(path);
      expect(answer.body).not.toContain("speculationrules");
    });
  }

  it("none for a shopper saving data", async () => {
    for (const path of CATALOGUE) {
      const answer = await get(path, SAVE_DATA);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain("speculationrules");
    }
  });

  it("a signed-in shopper's pages prefetch the same links, and render nothing ahead", async () => {
    const session = await registeredCustomer();
    const answer = await get("/category/pizzas", { Cookie: `session=${session}` });
    expect(answer.headers["x-page-cache"]).toBe("bypass");
    const found = rulesOf(answer);
    expect(found.map((f) => f.rules)).toEqual([speculationRules("prefetch")]);
    expect(found[0]!.nonce).toBe(cspNonce(answer));
    expect((await get("/category/pizzas", { Cookie: `session=${session}`, ...SAVE_DATA })).body).not.toContain("speculationrules");
  });
});

describe("the page cache and Save-Data", () => {
  it("never serves a page with rules to a shopper saving data, nor one without them to anyone else", async () => {
    for (const order of [
      [false, true],
      [true, false],
    ]) {
      // An address of this test's own (the query is part of the key).
      const path = `/category/pizzas?visit=${crypto.randomUUID()}`;
      const seen: string[] = [];
      for (const saveData of [...order, ...order]) {
        const answer = await get(path, saveData ? SAVE_DATA : {});
        const rules = rulesOf(answer);
        expect(rules.length, `${saveData ? "saving data" : "not saving data"} after ${seen.join(", ")}`).toBe(saveData ? 0 : 1);
        if (!saveData) expect(rules[0]!.nonce).toBe(cspNonce(answer));
        seen.push(`${saveData ? "save-data" : "plain"} ${answer.headers["x-page-cache"]}`);
      }
      // Each kind was rendered once and then served from its own copy.
      const [first, second] = order.map((saveData) => (saveData ? "save-data" : "plain"));
      expect(seen).toEqual([`${first} miss`, `${second} miss`, `${first} hit`, `${second} hit`]);
    }
  });
});

describe.each(VARIANTS.filter((v) => v.js))("the rules in Chromium ($name)", (variant) => {
  const { open } = useBrowser();

  it("a kept page's rules run under its nonce with no violation, and leave once the page hydrates", async () => {
    const path = `/category/pizzas?visit=${crypto.randomUUID()}`;
    await open(storeUrl(FOOD, path), variant, recordViolations);
    const { page, response } = await open(storeUrl(FOOD, path), variant, recordViolations);
    expect(response.headers()["x-page-cache"]).toBe("hit");
    expect(await response.text()).toContain('<script type="speculationrules"');
    await waitForApp(page);
    // Remix's router answers taps from here: the rules are gone, and Chromium drops them.
    await expect(page.locator('script[type="speculationrules"]').count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.__cspViolations)).resolves.toEqual([]);
  });

  it("a product card hovered before the page's scripts run opens the page Chromium fetched ahead", async () => {
    const { page } = await open(storeUrl(FOOD, "/robots.txt"), variant, recordViolations);
    // The category page's own scripts answer empty: it never hydrates, as when the shopper taps before its scripts run.
    await page.route(/\/assets\/.*\.js$/, (route) =>
      new URL(route.request().frame().url()).pathname.startsWith("/category/")
        ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" })
        : route.fallback(),
    );
    await page.goto(storeUrl(FOOD, `/category/pizzas?visit=${crypto.randomUUID()}`), { waitUntil: "load" });
    await expect(page.locator('script[type="speculationrules"]').count()).resolves.toBe(1);
    // The page's own patterns, as Chromium reads them (relative to the page): product and category addresses of this
    // origin, and nothing with a query, nor the cart, nor another origin.
    const matches = await page.evaluate(() => {
      type Pattern = { test(url: string): boolean };
      const URLPattern = (window as unknown as { URLPattern: new (init: object) => Pattern }).URLPattern;
      const script = document.querySelector('script[type="speculationrules"]')?.textContent ?? "{}";
      const patterns = (JSON.parse(script).prerender[0].where.and[0].href_matches as object[]).map(
        (init) => new URLPattern({ ...init, baseURL: location.href }),
      );
      const o = location.origin;
      const urls = [
        `${o}/product/x`,
        `${o}/category/y`,
        `${o}/product/x?y=1`,
        `${o}/category/y?sort=price`,
        `${o}/cart`,
        "http://example.com/product/x",
      ];
      return urls.map((url) => patterns.some((pattern) => pattern.test(url)));
    });
    expect(matches).toEqual([true, true, false, false, false, false]);
    const card = page.getByTestId("product-card").filter({ hasText: "Margherita Pizza" }).getByRole("link").first();
    await card.hover();
    // Moderate eagerness: the pointer resting on the link for 200 ms starts the prerender.
    await page.waitForTimeout(1500);
    await card.click();
    await page.waitForURL(/\/product\/margherita-pizza$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const navigation = await page.evaluate(() => {
      const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number };
      return { activationStart: entry.activationStart ?? 0, deliveryType: (entry as unknown as { deliveryType?: string }).deliveryType };
    });
    // Chromium driven through DevTools does not prerender ('PrerenderingDisabledByDevTools'): it falls back to the
    // prerender's first half, the prefetched document, which this navigation used. A shopper's Chromium prerenders.
    expect(navigation.activationStart > 0 || navigation.deliveryType === "navigational-prefetch").toBe(true);
    await expect(page.evaluate(() => window.__cspViolations ?? [])).resolves.toEqual([]);
  });
});
