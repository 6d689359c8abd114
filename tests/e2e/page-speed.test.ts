import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { d1Execute } from "../../scripts/d1-execute";
import { PERSIST_DIR, ready, storeUrl, useBrowser, VARIANTS, type Variant } from "./helpers";

type Open = ReturnType<typeof useBrowser>["open"];

const FOOD = "food.localhost";
const RETAIL = "retail.localhost";
/** The measuring script's own chunk (app/lib/page-speed.client.ts), fetched after the page is idle. */
const CHUNK = /\/assets\/page-speed\.client-[\w-]+\.js$/;
const POLL = { timeout: 20_000, interval: 500 };

/**
 * The samples a store has of a page kind's metric over every day, read from the suite's own databases: both store
 * databases, as a store may have been placed in either (decision 061).
 */
function samples(slug: string, kind: string, metric: string): number {
  const sql = `SELECT coalesce(sum(count), 0) AS total FROM page_speed
    WHERE tenant_id = (SELECT id FROM tenants WHERE slug = '${slug}') AND page_kind = '${kind}' AND metric = '${metric}'`;
  const where = ["--local", "--persist-to", PERSIST_DIR];
  return ["DB", "DB_2"].reduce((sum, database) => sum + (d1Execute<{ total: number }>(database, where, sql)[0]?.[0]?.total ?? 0), 0);
}

/** Every script the context's pages fetch from now on. */
function recorded(context: BrowserContext): { urls: string[] } {
  const seen = { urls: [] as string[] };
  context.on("request", (request) => {
    seen.urls.push(request.url());
  });
  return seen;
}

/**
 * An init script for `open`: each beacon's body as the page hands it to sendBeacon, kept in the origin's localStorage,
 * where the next page of the store reads it (the browser does not report a request its page sent while going away).
 */
function keepBeacons() {
  const send = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, data) => {
    const kept = JSON.parse(localStorage.getItem("test-beacons") ?? "[]") as unknown[];
    localStorage.setItem("test-beacons", JSON.stringify([...kept, { url: String(url), body: String(data) }]));
    return send(url, data);
  };
}

/** The beacons this origin's pages sent so far. */
const beacons = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("test-beacons") ?? "[]") as { url: string; body: string }[]);

/** A store's page with its requests recorded from the start: a first, tiny answer gives the tab its origin. */
async function openRecorded(open: Open, variant: Variant, host: string, path: string, init?: () => void) {
  const { page } = await open(storeUrl(host, "/robots.txt"), variant, init);
  const seen = recorded(page.context());
  await page.goto(storeUrl(host, path), { waitUntil: "load" });
  await ready(page, variant);
  return { page, seen };
}

/** Waits until the measuring script is in and running: its chunk has arrived, and the page had a task since. */
async function measuring(page: Page, seen: { urls: string[] }) {
  await expect.poll(() => seen.urls.some((url) => CHUNK.test(new URL(url).pathname)), POLL).toBe(true);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

describe.each(VARIANTS.filter((variant) => variant.js))("real shoppers' page speed ($name)", (variant) => {
  const { open } = useBrowser();

  it("a product page, once hidden, sends one beacon of its kind and three numbers, counted in its store", async () => {
    const before = samples("food", "product", "cls");
    const { page, seen } = await openRecorded(open, variant, FOOD, "/product/margherita-pizza", keepBeacons);
    await measuring(page, seen);
    // An interaction, for INP: choosing a size.
    await page.getByTestId("product-form").getByLabel("Medium").check();
    // The shopper sees the page answer (the next frame) before leaving.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(beacons(page)).resolves.toEqual([]);
    // The shopper leaves: the page is hidden, and its beacon goes.
    await page.goto(storeUrl(FOOD, "/robots.txt"), { waitUntil: "load" });
    const sent = await beacons(page);
    expect(sent.map(({ url }) => new URL(url, storeUrl(FOOD)).pathname)).toEqual(["/api/page-speed"]);
    const beacon = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    // Nothing but the page's kind and its numbers: no address, id or device.
    // INP only when the browser timed the interaction (an event entry, or the first input's): a quick one may have none.
    expect(
      Object.keys(beacon)
        .filter((key) => key !== "inp")
        .sort(),
    ).toEqual(["cls", "kind", "lcp"]);
    expect(beacon.kind).toBe("product");
    for (const metric of ["lcp", "cls"]) expect(typeof beacon[metric], metric).toBe("number");
    if ("inp" in beacon) expect(typeof beacon.inp).toBe("number");
    expect(beacon.lcp).toBeGreaterThan(0);
    await expect.poll(() => samples("food", "product", "cls"), POLL).toBe(before + 1);
  });

  it("a closed tab sends its beacon too", async () => {
    const before = samples("food", "home", "cls");
    const { page, seen } = await openRecorded(open, variant, FOOD, "/");
    await measuring(page, seen);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => samples("food", "home", "cls"), POLL).toBe(before + 1);
  });

  it("where the store asks for consent, sends nothing before the shopper accepts, and a beacon after", async () => {
    const before = samples("retail", "home", "cls");
    const { page, seen } = await openRecorded(open, variant, RETAIL, "/en/product/harbour-hoodie", keepBeacons);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    // Hidden before consent: no script was fetched, so nothing is measured or sent.
    await page.goto(storeUrl(RETAIL, "/en"), { waitUntil: "load" });
    await ready(page, variant);
    await page.waitForLoadState("networkidle");
    expect(seen.urls.filter((url) => CHUNK.test(new URL(url).pathname))).toEqual([]);
    await expect(beacons(page)).resolves.toEqual([]);

    // A plain form post, answered 303 back to this page, now with the shopper's yes.
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await ready(page, variant);
    await measuring(page, seen);
    await page.goto(storeUrl(RETAIL, "/robots.txt"), { waitUntil: "load" });
    const sent = await beacons(page);
    expect(sent.map(({ body }) => (JSON.parse(body) as { kind: string }).kind)).toEqual(["home"]);
    await expect.poll(() => samples("retail", "home", "cls"), POLL).toBe(before + 1);
  });
});

describe("real shoppers' page speed without JavaScript", () => {
  const { open } = useBrowser();

  it("sends nothing: no script runs", async () => {
    const variant = VARIANTS.find((v) => !v.js && v.width === 390)!;
    const { page, seen } = await openRecorded(open, variant, FOOD, "/product/margherita-pizza");
    await page.goto(storeUrl(FOOD, "/robots.txt"), { waitUntil: "load" });
    expect(seen.urls.filter((url) => CHUNK.test(new URL(url).pathname) || url.includes("/api/"))).toEqual([]);
  });
});
