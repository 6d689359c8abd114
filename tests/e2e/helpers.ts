import { mkdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page, Request, Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchChromium } from "./browser";

/** The port the suite serves on: 8788, or `E2E_PORT` when a second checkout runs its browser tests at the same time. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8788);
/** The suite's state folder (`npm start -- --persist-to`), one per port so two runs never share one. */
export const PERSIST_DIR = `.wrangler/e2e-state-${BASE_PORT}`;
export const SCREENSHOT_DIR = "tests/e2e/screenshots";
/** The local demo platform key (.dev.vars.example) and the hash the served Worker holds of it (decision 040). */
export const DEMO_PLATFORM_KEY = "local-demo-platform-key-not-for-production";
export const DEMO_PLATFORM_KEY_SHA256 = "a223942d30f10caf42bc6b51fc4c67f7b817e3fcff575530081d68811ee01f11";

/** Chromium resolves every *.localhost name to loopback, so each store is reachable by its own hostname. */
export function storeUrl(host: string, path = "/"): string {
  return `http://${host}:${BASE_PORT}${path}`;
}

export interface Variant {
  name: string;
  js: boolean;
  width: 1280 | 390;
}

/** Every page is checked with and without JavaScript, on a desktop and a phone width. */
export const VARIANTS: Variant[] = [
  { name: "JS on, 1280px", js: true, width: 1280 },
  { name: "JS on, 390px", js: true, width: 390 },
  { name: "JS off, 1280px", js: false, width: 1280 },
  { name: "JS off, 390px", js: false, width: 390 },
];

export interface OpenedPage {
  page: Page;
  /** The main document's response (status, headers). */
  response: Response;
  /** alert()/confirm()/prompt() messages the page raised; they are dismissed. */
  dialogs: string[];
  /**
   * Declares a problem this page is expected to report (matched against the recorded text), e.g. the
   * console line Chromium prints for a document that answers 404. It must occur; anything else still fails.
   */
  expectProblem(pattern: RegExp): void;
  /**
   * Tolerates a problem that may or may not show up, depending on timing: a known, reported fault in the app
   * (remove it once the app is fixed), or loads the browser drops because the test leaves the page mid-load.
   * Say why.
   */
  tolerateProblem(pattern: RegExp, reason: string): void;
}

interface Tracked {
  context: BrowserContext;
  page: Page;
  js: boolean;
  problems: string[];
  expected: RegExp[];
  tolerated: RegExp[];
  /** Loads the browser aborted, with the number of documents the tab had committed when each was made. */
  aborted: { problem: string; madeIn: number }[];
  /** How many documents the tab has committed so far. */
  documents: () => number;
}

/**
 * Registers the browser lifecycle for a test file and returns `open`. Every page opened in a test is
 * watched for uncaught exceptions, console errors/warnings, failed requests and sub-resources answering
 * >= 400; after the test, any of those not declared with `expectProblem`/`tolerateProblem` fails it.
 */
export function useBrowser() {
  let browser: Browser;
  let tracked: Tracked[] = [];

  beforeAll(async () => {
    browser = await launchChromium((line) => console.log(`── browser: ${line}`));
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const current = tracked;
    tracked = [];
    // Let scripts finish (hydration, lazy chunks) so late errors are seen before the page goes away.
    await Promise.all(current.filter((t) => t.js).map((t) => t.page.waitForLoadState("networkidle").catch(() => undefined)));
    // An aborted load of a document the tab went on to leave (the test navigated, a form posted without JavaScript)
    // is the browser's doing, not a fault of the page; one the tab never left is a problem.
    for (const t of current) {
      const documents = t.documents();
      t.problems.push(...t.aborted.filter((load) => load.madeIn === documents).map((load) => load.problem));
    }
    await Promise.all(current.map((t) => t.context.close()));
    for (const { problems, expected, tolerated } of current) {
      for (const pattern of expected) {
        expect(
          problems.some((p) => pattern.test(p)),
          `expected a problem matching ${pattern}; got ${JSON.stringify(problems)}`,
        ).toBe(true);
      }
      expect(problems.filter((p) => ![...expected, ...tolerated].some((pattern) => pattern.test(p)))).toEqual([]);
    }
  });

  /** `init` runs in every document the page loads, before the page's own scripts. */
  async function open(url: string, variant: Variant, init?: () => void): Promise<OpenedPage> {
    const context = await browser.newContext({
      viewport: { width: variant.width, height: variant.width === 390 ? 844 : 800 },
      javaScriptEnabled: variant.js,
    });
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    const problems: string[] = [];
    const expected: RegExp[] = [];
    const tolerated: RegExp[] = [];
    // Which document of the tab each request was made by (see `aborted`): counted when the main frame commits one.
    let documents = 0;
    const madeIn = new WeakMap<Request, number>();
    const aborted: Tracked["aborted"] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) documents += 1;
    });
    tracked.push({ context, page, js: variant.js, problems, expected, tolerated, aborted, documents: () => documents });
    const dialogs: string[] = [];
    // The document `open` navigates to: its status is the test's to assert, so it is not reported as a problem.
    let mainDocument: Request | undefined;
    page.on("request", (request) => {
      if (mainDocument === undefined && request.isNavigationRequest()) mainDocument = request;
      madeIn.set(request, documents);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") {
        problems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
      }
    });
    page.on("requestfailed", (request) => {
      // With JavaScript disabled Chromium refuses Remix's <link rel="modulepreload"> fetches and reports them
      // as blocked by "csp". That is the browser honouring the setting, not a fault of the page.
      if (!variant.js && request.resourceType() === "script" && request.failure()?.errorText === "csp") return;
      // A link prefetched on hover (prefetch="intent") is dropped when the shopper moves on or clicks: not a fault.
      if (request.headers()["sec-purpose"]?.startsWith("prefetch") && request.failure()?.errorText === "net::ERR_ABORTED") return;
      // Remix cancels a single-fetch data request it no longer needs (a revalidation overtaken by the next one, or the
      // rest of a stream it has decoded); the shopper sees the answer it did use. Chromium reports that as aborted.
      if (new URL(request.url()).pathname.endsWith(".data") && request.failure()?.errorText === "net::ERR_ABORTED") return;
      // The offline view's probe (decision 029) runs every 5 s, and the restore reads the cache markers once per load;
      // either one in flight when the page goes away is cut off. The search box cancels its suggestions request when a
      // newer letter or the search itself overtakes it (decision 052).
      const cutOff = new Set(["/healthz", "/api/cache-info", "/api/predictive-search"]);
      if (cutOff.has(new URL(request.url()).pathname) && request.failure()?.errorText === "net::ERR_ABORTED") return;
      const problem = `requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`;
      if (!request.isNavigationRequest() && request.failure()?.errorText === "net::ERR_ABORTED") {
        aborted.push({ problem, madeIn: madeIn.get(request) ?? documents });
        return;
      }
      problems.push(problem);
    });
    page.on("response", (response) => {
      if (response.status() >= 400 && response.request() !== mainDocument) {
        problems.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
      }
    });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response) throw new Error(`no response for ${url}`);
    return {
      page,
      response,
      dialogs,
      expectProblem: (pattern) => expected.push(pattern),
      tolerateProblem: (pattern, reason) => {
        if (!reason) throw new Error("say why the problem is tolerated");
        tolerated.push(pattern);
      },
    };
  }

  return { open };
}

/** The root marks <html data-hydrated> once React has hydrated, so clicks run the app's handlers. */
export async function waitForApp(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
}

/** Hydrated, and on desktop with JavaScript, the page shown in the shell's dialog. */
export async function ready(page: Page, variant: { js: boolean; width: number }) {
  if (!variant.js) return;
  await waitForApp(page);
  // The home in any language (`/`, `/hi`, `/en-XA`) is the page under every dialog.
  if (variant.width > 768 && !/^\/([a-z]{2}(-[A-Z]{2})?)?$/.test(new URL(page.url()).pathname)) {
    await page.locator('[data-testid="route-dialog"]').waitFor();
    // A submission interrupts loads in flight; let the shell's home page arrive first.
    await page.getByTestId("home-underlay").waitFor();
  }
}

/** After hydration the banner slider swaps its static strip for Swiper, which marks itself initialised. */
export async function waitForHydration(page: Page) {
  await page.locator(".swiper-initialized").first().waitFor({ timeout: 10_000 });
}

/** A full-page screenshot for a person to look at; lazy images are loaded first so the picture is complete. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** How far the page scrolls sideways; 0 when nothing sticks out past the viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The computed background colour of the first element matching the locator. */
export function backgroundColour(locator: Locator): Promise<string> {
  return locator.first().evaluate((el) => getComputedStyle(el).backgroundColor);
}

/** The text a shopper sees in the element (rendered text, not the raw DOM text). */
export function visibleText(locator: Locator): Promise<string> {
  return locator.innerText();
}

/** The visible text of each element, whitespace collapsed. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** An init script for `open`: the page's `securitypolicyviolation` events, kept in `window.__cspViolations`. */
export function recordViolations() {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
  });
}

export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET from Node (which cannot resolve *.localhost): on loopback with the store's Host header. */
export function getOnLoopback(host: string, path: string, headers: Record<string, string> = {}): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: BASE_PORT, path, headers: { Host: host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
