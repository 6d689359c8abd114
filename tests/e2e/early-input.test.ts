import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, waitForApp } from "./helpers";

const FOOD = "food.localhost";

/**
 * Taps the page on every timer tick from its first script until React has hydrated it, for at most 5 s, counting
 * the taps that landed on the document before it was hydrated (in `window.earlyTaps`).
 */
function tapUntilHydrated() {
  const started = Date.now();
  const tap = () => {
    const hydrated = document.documentElement?.hasAttribute("data-hydrated");
    if (document.body && !hydrated) {
      document.body.click();
      (window as unknown as { earlyTaps: number }).earlyTaps = ((window as unknown as { earlyTaps?: number }).earlyTaps ?? 0) + 1;
    }
    if (!hydrated && Date.now() - started < 5_000) setTimeout(tap, 0);
  };
  setTimeout(tap, 0);
}

/** On the home page, taps the first product link as soon as the document is parsed, before React has hydrated it. */
function tapProductLinkEarly() {
  if (location.pathname !== "/") return;
  document.addEventListener("DOMContentLoaded", () => document.querySelector<HTMLAnchorElement>('a[href^="/product/"]')?.click());
}

// Input that arrives while React hydrates: React 18 cannot finish a hydration it is forced to do synchronously while
// Remix's first render waits for its data, and used to leave the page dead (error #345). Decision 015.
describe.each(VARIANTS.filter((variant) => variant.js))("input before the page is interactive ($name)", (variant) => {
  const { open } = useBrowser();

  it("taps while the page hydrates neither stop it hydrating nor raise an error", async () => {
    // The window is a few milliseconds, so one load may miss it: the home page is loaded three times. Uncaught
    // errors (React's #345 among them) fail the test in useBrowser's check after it.
    let tapsBeforeHydration = 0;
    for (const path of ["/", "/", "/", "/product/margherita-pizza", "/cart"]) {
      const { page } = await open(storeUrl(FOOD, path), variant, tapUntilHydrated);
      await waitForApp(page);
      tapsBeforeHydration += await page.evaluate(() => (window as unknown as { earlyTaps?: number }).earlyTaps ?? 0);
    }
    expect(tapsBeforeHydration, "no tap landed before hydration: the test exercised nothing").toBeGreaterThan(0);
  });

  it("a link tapped before hydration still opens its page", async () => {
    const { page, tolerateProblem } = await open(storeUrl(FOOD), variant, tapProductLinkEarly);
    tolerateProblem(/^requestfailed: GET .* net::ERR_ABORTED$/, "the home page's images and chunks still loading when the tap leaves it");
    await page.waitForURL(/\/product\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 }).first().isVisible()).resolves.toBe(true);
  });

  it("a part fetched after hydrating keeps the focus, the caret and what was typed when its code arrives", async () => {
    // The product page's delivery check is the server's HTML until its code arrives (app/lib/hydrated-later.tsx): the
    // code is held here while the shopper starts typing a pincode.
    const { page } = await open(storeUrl(FOOD, "/robots.txt"), variant);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunk = /\/assets\/pincode-check-[\w-]+\.js$/;
    await page.route(chunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(storeUrl(FOOD, "/product/butter-naan"));
    await ready(page, variant);
    const box = () => page.getByTestId("product-page").getByTestId("pincode-check").getByLabel("Pincode");
    await box().click();
    await page.keyboard.type("560");
    // The copy's input, marked so its replacement is seen.
    await box().evaluate((input) => Object.assign(input, { fromCopy: true }));
    const arrived = page.waitForResponse(chunk);
    release();
    await arrived;
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>("#pincode-check-input");
      return input !== null && !("fromCopy" in input);
    });
    await expect(box().evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type("102");
    await expect(box().inputValue()).resolves.toBe("560102");
  });
});
