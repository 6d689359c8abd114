// The time from tapping a product card on a category page to the product page's LCP, in Chromium on the LCP profile,
// with the page's Speculation Rules and without them (decision 069).
import type { Page } from "playwright-core";
import { launchChromium } from "../../tests/e2e/browser";
import { lcpOf, throttledPhone } from "./lcp";
import { median } from "./stats";

const LOADS = 5;
/** How long a finger rests on the glass: pointerdown, then the click this long after. */
export const PRESS_MS = 100;

export interface TapToLcpResult {
  /** ms from pointerdown on the card to the product page's LCP, each tap. */
  withRulesMs: number[];
  withoutRulesMs: number[];
  withRulesMedianMs: number;
  withoutRulesMedianMs: number;
  /** How much sooner the product page paints with the rules, in per cent of the time without them. */
  fasterPercent: number;
  /** How each tap's product page arrived with the rules: "navigational-prefetch", "prerender" or "network". */
  deliveredBy: string[];
}

/** ms from navigation (a prerendered page: its activation) to LCP, and how the document arrived. */
async function productLcp(page: Page): Promise<{ ms: number; delivery: string }> {
  const { ms } = await lcpOf(page);
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
      activationStart?: number;
      deliveryType?: string;
    };
    return { activationStart: entry.activationStart ?? 0, deliveryType: entry.deliveryType ?? "" };
  });
  const delivery = navigation.activationStart > 0 ? "prerender" : navigation.deliveryType || "network";
  return { ms: Math.max(0, ms - navigation.activationStart), delivery };
}

/**
 * Each tap in a new browser context (nothing cached), throttled as the LCP loads are (`throttledPhone`). The category page's scripts
 * answer empty, so the tap is a document navigation, as any tap before hydration is (after it, Remix's router answers
 * taps and the page drops its rules). "Without" is the production switch: `Save-Data: on`, whose pages carry none.
 */
export async function measureTapToLcp(categoryUrl: string, productSlug: string): Promise<TapToLcpResult> {
  const browser = await launchChromium();
  const taps = { with: [] as number[], without: [] as number[], delivered: [] as string[] };
  try {
    for (let i = 0; i < LOADS; i++) {
      for (const rules of [true, false]) {
        const { context, page, cdp } = await throttledPhone(browser);
        try {
          if (!rules) await context.setExtraHTTPHeaders({ "Save-Data": "on" });
          await page.route(/\/assets\/.*\.js$/, (route) =>
            new URL(route.request().frame().url()).pathname.startsWith("/category/")
              ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" })
              : route.fallback(),
          );
          const response = await page.goto(categoryUrl, { waitUntil: "networkidle", timeout: 120_000 });
          if (!response?.ok()) throw new Error(`${categoryUrl} answered ${response?.status()}`);
          const link = page.locator(`[data-testid="product-card"] a[href="/product/${productSlug}"]`).first();
          await link.scrollIntoViewIfNeeded();
          const box = await link.boundingBox();
          if (!box) throw new Error(`no card for ${productSlug}`);
          const point = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
          await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
          await page.waitForTimeout(PRESS_MS);
          await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
          await page.waitForURL(`**/product/${productSlug}`, { timeout: 60_000 });
          await page.waitForLoadState("networkidle", { timeout: 120_000 });
          const { ms, delivery } = await productLcp(page);
          if (rules) {
            taps.with.push(PRESS_MS + ms);
            taps.delivered.push(delivery);
          } else taps.without.push(PRESS_MS + ms);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  const withMedian = median(taps.with);
  const withoutMedian = median(taps.without);
  return {
    withRulesMs: taps.with,
    withoutRulesMs: taps.without,
    withRulesMedianMs: withMedian,
    withoutRulesMedianMs: withoutMedian,
    fasterPercent: ((withoutMedian - withMedian) / withoutMedian) * 100,
    deliveredBy: taps.delivered,
  };
}
