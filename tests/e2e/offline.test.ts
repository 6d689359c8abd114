import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE_PORT, PERSIST_DIR, storeUrl, useBrowser, VARIANTS, visibleText, waitForApp } from "./helpers";

/** A store of its own (tests/fixtures/connectivity-store.json): these tests re-import it, which no other test sees. */
const HOST = "connectivity.localhost";
const FIXTURE = "tests/fixtures/connectivity-store.json";
/** app/state/persisted-state.ts: the one local-storage key. */
const STORAGE_KEY = "storefront-state";
const COPY_KEY = "drawer-product:1:test-thali";
const PROBE_FAILED = new RegExp(
  `(requestfailed: GET http://connectivity\\.localhost:${BASE_PORT}/healthz|console\\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED)`,
);
/** A probe comes every 5000 ms and gives up after 5000 ms. */
const PROBE_WAIT_MS = 12_000;

interface Stored {
  guestId: string | null;
  recentPlaces: unknown[];
  copies: Record<string, { markers: Record<string, number>; value: { name: string } }>;
}

/** Re-imports the store (every cache marker goes up), with its product named `productName`. */
function importStore(productName: string) {
  const store = JSON.parse(readFileSync(FIXTURE, "utf8"));
  store.products[0].name = productName;
  const file = `${PERSIST_DIR}/connectivity-store-import.json`;
  writeFileSync(file, JSON.stringify(store));
  execFileSync(
    "bash",
    ["-c", `. ./scripts/offline-env.sh && node_modules/.bin/tsx scripts/store-import.ts ${file} --persist-to ${PERSIST_DIR}`],
    {
      stdio: "pipe",
    },
  );
}

async function stored(page: Page): Promise<Stored | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEY);
}

/** The persisted state has been restored (and written back) for this page load. */
async function restored(page: Page) {
  await waitForApp(page);
  await page.locator("html[data-state-restored]").waitFor({ state: "attached", timeout: 10_000 });
}

const POLL = { timeout: 10_000 };

async function openDrawer(page: Page) {
  await page.getByTestId("product-card").filter({ hasText: "Thali" }).getByTestId("card-add-to-cart").click();
  const drawer = page.getByRole("dialog", { name: "Product options" });
  await drawer.getByTestId("product-form").waitFor();
  return drawer;
}

describe.each(VARIANTS)("offline view and client state ($name)", (variant) => {
  const { open } = useBrowser();

  if (!variant.js) {
    it("without JavaScript: no offline view, no probe, and the page works", async () => {
      const { page } = await open(storeUrl(HOST), variant);
      const probes: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/healthz") probes.push(request.url());
      });
      await expect(visibleText(page.getByTestId("store-name"))).resolves.toBe("Connectivity Test Kitchen");
      await page.getByTestId("product-card").filter({ hasText: "Thali" }).getByTestId("card-add-to-cart").click();
      await page.waitForURL("**/product/test-thali");
      await expect(page.getByTestId("product-form").count()).resolves.toBe(1);
      await page.waitForTimeout(5_500);
      expect(probes).toEqual([]);
      await expect(page.getByTestId("offline-view").count()).resolves.toBe(0);
    });
    return;
  }

  it("shows the offline view when the network goes, and clears it when the probe answers again", async () => {
    const { page, tolerateProblem } = await open(storeUrl(HOST), variant);
    tolerateProblem(PROBE_FAILED, "the probe fails while the test holds the browser offline");
    await restored(page);
    await expect(page.getByTestId("offline-view").count()).resolves.toBe(0);

    await page.context().setOffline(true);
    const view = page.getByTestId("offline-view");
    await view.waitFor();
    await expect(visibleText(view.getByRole("heading"))).resolves.toBe("You are offline!");
    await expect(page.getByRole("alertdialog", { name: "You are offline!" }).count()).resolves.toBe(1);
    await expect(visibleText(view.locator("p"))).resolves.toBe("Please check your internet connection.");
    // Full screen, above everything.
    const box = await view.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: variant.width, height: variant.width === 390 ? 844 : 800 });
    // What it covers cannot be reached by a keyboard or a screen reader meanwhile.
    const navInert = () => page.evaluate(() => document.querySelector('[data-testid="top-nav"]')?.closest("[inert]") != null);
    await expect(navInert()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe("offline-view");

    await page.context().setOffline(false);
    await view.waitFor({ state: "detached", timeout: PROBE_WAIT_MS });
    await expect(navInert()).resolves.toBe(false);
    // A probe cut off by going offline never settles in Chromium's request count, so this document would never be
    // network-idle (what the harness waits for after each test): a new one is.
    await page.reload();
  });

  it("shows it when the probe stops answering though the browser thinks it is online, one probe at a time", async () => {
    const { page, tolerateProblem } = await open(storeUrl(HOST), variant);
    tolerateProblem(PROBE_FAILED, "the test makes the probe fail");
    await restored(page);
    let inFlight = 0;
    let most = 0;
    await page.route("**/healthz", async (route) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Longer than the probe's time-out: it gives up, and the next comes only after it did.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      inFlight--;
      await route.abort("internetdisconnected").catch(() => undefined);
    });
    const view = page.getByTestId("offline-view");
    await view.waitFor({ timeout: PROBE_WAIT_MS });
    expect(most).toBe(1);
    await page.unroute("**/healthz");
    await view.waitFor({ state: "detached", timeout: PROBE_WAIT_MS });
  });

  it("keeps the drawer's product across a reload and drops it when a re-import changes the products marker", async () => {
    importStore("Test Thali");
    const { page } = await open(storeUrl(HOST), variant);
    await restored(page);
    const first = await openDrawer(page);
    await expect(visibleText(first.locator("p").first())).resolves.toBe("Test Thali");
    await expect.poll(async () => (await stored(page))?.copies[COPY_KEY]?.value.name, POLL).toBe("Test Thali");
    const marker = (await stored(page))!.copies[COPY_KEY]!.markers.products!;
    await page.keyboard.press("Escape");

    // A reload: the copy is still current, so the drawer opens from it without asking the server.
    await page.reload();
    await restored(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/product/")) asked.push(request.url());
    });
    const again = await openDrawer(page);
    await expect(visibleText(again.locator("p").first())).resolves.toBe("Test Thali");
    expect(asked).toEqual([]);
    await page.keyboard.press("Escape");

    // The store is re-imported with the product renamed: the copy goes, the drawer shows the new name.
    importStore("Renamed Thali");
    await page.reload();
    await restored(page);
    expect((await stored(page))?.copies[COPY_KEY]).toBeUndefined();
    const renamed = await openDrawer(page);
    await expect(visibleText(renamed.locator("p").first())).resolves.toBe("Renamed Thali");
    await expect.poll(async () => (await stored(page))?.copies[COPY_KEY]?.markers.products, POLL).toBeGreaterThan(marker);
  }, 90_000);

  it("keeps recent places across a reload and a changed marker", async () => {
    const { page } = await open(storeUrl(HOST), variant);
    await restored(page);
    const place = { place_id: "test-place", label: "Indiranagar, Bengaluru", latitude: 12.9784, longitude: 77.6408 };
    await page.evaluate(
      ([key, recent]) => {
        const state = JSON.parse(localStorage.getItem(key) ?? "{}");
        localStorage.setItem(key, JSON.stringify({ ...state, recentPlaces: [recent] }));
      },
      [STORAGE_KEY, place] as const,
    );
    await page.reload();
    await restored(page);
    await expect.poll(async () => (await stored(page))?.recentPlaces, POLL).toEqual([place]);
    importStore("Test Thali");
    await page.reload();
    await restored(page);
    await expect.poll(async () => (await stored(page))?.recentPlaces, POLL).toEqual([place]);
  }, 60_000);

  it("keeps the guest id beside its cookie, and drops it when the cookie is gone", async () => {
    const { page } = await open(storeUrl(HOST), variant);
    await restored(page);
    expect((await stored(page))?.guestId).toBeNull();
    const drawer = await openDrawer(page);
    await drawer.getByTestId("add-to-cart").click();
    await page.getByTestId("toast").first().waitFor();
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === "guest_id")?.value;
    await expect.poll(cookie, POLL).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(async () => (await stored(page))?.guestId, POLL).toBe(await cookie());

    await page.context().clearCookies({ name: "guest_id" });
    await page.reload();
    await restored(page);
    await expect.poll(async () => (await stored(page))?.guestId, POLL).toBeNull();
  });
});
