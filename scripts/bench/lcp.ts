// Largest Contentful Paint of a few pages in Chromium, as a phone on slow 4G sees them.
import type { Browser } from "playwright-core";
import { launchChromium } from "../../tests/e2e/browser";
import { median } from "./stats";

/** Lighthouse's mobile slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and its 4× CPU slowdown. */
export const LCP_CONDITIONS = {
  viewport: { width: 390, height: 844 },
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
};
const LOADS = 5;

export interface LcpResult {
  label: string;
  url: string;
  /** LCP of each load, ms from navigation start. */
  loadsMs: number[];
  medianMs: number;
  /** The largest element of the median load, e.g. "IMG /demo/preview/product-3.svg" or "H1". */
  element: string;
}

/** What the page's buffered PerformanceObserver saw last: LCP is the latest candidate. */
export async function lcpOf(page: import("playwright-core").Page): Promise<{ ms: number; element: string }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve, reject) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[];
          const last = entries.at(-1);
          if (!last) return;
          resolve({
            ms: last.startTime,
            // The element is null once it has left the DOM (a slider's slide replaced on hydration): the url remains.
            element: [last.element?.tagName, last.url && new URL(last.url).pathname].filter(Boolean).join(" ") || "?",
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => reject(new Error("no largest-contentful-paint entry")), 10_000);
      }),
  );
}

/**
 * A new browser context (nothing cached) with one page, as the phone of LCP_CONDITIONS: its screen, touch, the slow
 * network and the slow CPU. The CDP session stays open for input the page is given (a tap).
 */
export async function throttledPhone(browser: Browser) {
  const c = LCP_CONDITIONS;
  const context = await browser.newContext({ viewport: c.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: c.latencyMs,
    downloadThroughput: (c.downloadKbps * 1024) / 8, // bytes per second
    uploadThroughput: (c.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: c.cpuSlowdown });
  return { context, page, cdp };
}

/**
 * LCP of each page: LOADS cold loads (a new browser context each, so nothing is cached), the median reported. The
 * page is read once the load event has fired and the network has been quiet for half a second.
 */
export async function measureLcp(pages: { label: string; url: string }[]): Promise<LcpResult[]> {
  const browser = await launchChromium();
  try {
    const results: LcpResult[] = [];
    for (const { label, url } of pages) {
      const loads: { ms: number; element: string }[] = [];
      for (let i = 0; i < LOADS; i++) {
        const { context, page } = await throttledPhone(browser);
        try {
          const response = await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
          if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
          loads.push(await lcpOf(page));
        } finally {
          await context.close();
        }
      }
      const medianMs = median(loads.map((l) => l.ms));
      const closest = loads.reduce((a, b) => (Math.abs(b.ms - medianMs) < Math.abs(a.ms - medianMs) ? b : a));
      results.push({ label, url, loadsMs: loads.map((l) => l.ms), medianMs, element: closest.element });
    }
    return results;
  } finally {
    await browser.close();
  }
}
