import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenedPage, PERSIST_DIR, ready, storeUrl, useBrowser, VARIANTS } from "./helpers";

/**
 * The owner's preview (issue 25 part 3, decision 044): the store names its admin origin (`adminOrigin`), which alone
 * may frame its pages; framed, the home is the store's real home, not the preview home; outside a frame the preview's
 * admin buttons lead to that origin, and without one to the owner's desk on the store's own host. The "admin" is a page on loopback that frames the store; the same server under
 * another name (localhost instead of 127.0.0.1) is another origin, which the store refuses. (Both are on this machine:
 * Chromium blocks a public page from framing a local address whatever the store allows.)
 */

const PREVIEW = "preview.localhost";
let admin: Server;
let ADMIN = "";
let OTHER = "";

beforeAll(async () => {
  admin = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Admin</title><iframe src="${storeUrl(PREVIEW)}" width="1200" height="700"></iframe>`);
  });
  await new Promise<void>((resolve) => admin.listen(0, "127.0.0.1", resolve));
  const { port } = admin.address() as AddressInfo;
  ADMIN = `http://127.0.0.1:${port}`;
  OTHER = `http://localhost:${port}`;
  // The store, naming this admin, imported into the running server's database as an owner would (npm run store:import).
  const store = JSON.parse(readFileSync("tests/fixtures/preview-store.json", "utf8"));
  store.settings.adminOrigin = ADMIN;
  const file = `${PERSIST_DIR}/preview-store.json`;
  writeFileSync(file, JSON.stringify(store));
  execFileSync("npm", ["run", "--silent", "store:import", "--", file, "--persist-to", PERSIST_DIR], { encoding: "utf8" });
});

afterAll(() => new Promise<void>((resolve) => admin.close(() => resolve())));

/** Opens the admin page at `origin`, which frames the store's home; answers the frame. */
async function frameFrom(opened: OpenedPage, origin: string) {
  const { page } = opened;
  await page.goto(`${origin}/admin/preview`, { waitUntil: "load" });
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error("no frame");
  return frame;
}

describe.each(VARIANTS)("the owner's preview ($name)", (variant) => {
  const { open } = useBrowser();

  it("outside a frame: the preview home, whose admin buttons go to the store's admin origin", async () => {
    const { page } = await open(storeUrl(PREVIEW), variant);
    await ready(page, variant);
    const preview = page.getByTestId("preview-home");
    await expect(preview.getByRole("link", { name: "Add Product", exact: true }).getAttribute("href")).resolves.toBe(
      `${ADMIN}/admin/catalog/products/add`,
    );
    await expect(preview.getByRole("link", { name: "Customize theme", exact: true }).getAttribute("href")).resolves.toBe(
      `${ADMIN}/admin/design/themes`,
    );
    // The samples have no pages: no link of the preview leads to one that does not exist.
    const hrefs = await preview.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of hrefs) expect(href === "/search" || href?.startsWith(`${ADMIN}/admin/`), String(href)).toBe(true);
  });

  it("with no admin named (the demo's new store): the buttons lead to the desk's catalogue page on the store's own host", async () => {
    const { page } = await open(storeUrl("new.localhost"), variant);
    await ready(page, variant);
    const preview = page.getByTestId("preview-home");
    await expect(preview.getByRole("link", { name: "Add Product", exact: true }).getAttribute("href")).resolves.toBe(
      "/admin/catalogue#products",
    );
    await preview.getByRole("link", { name: "Customize theme", exact: true }).click();
    // The desk asks who is there first, then shows the page the button named.
    await page.waitForURL(storeUrl("new.localhost", "/admin/login?next=%2Fadmin%2Fcatalogue#theme"));
    await page.getByLabel("Email").fill("owner.demo@example.com");
    await page.getByLabel("Password").fill("new-store-desk");
    await Promise.all([
      page.waitForURL(storeUrl("new.localhost", "/admin/catalogue")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await expect(page.getByRole("heading", { name: "Customize the theme" }).count()).resolves.toBe(1);
  });

  it.runIf(variant.js)("keeps the preview whole when the skip link is followed as the page hydrates and fetches it", async () => {
    // The preview's code is fetched after hydrating (app/lib/hydrated-later.tsx); a navigation reaching it first must
    // neither drop the server's HTML nor raise an error (React's 421 with a Suspense boundary in its place).
    const { page } = await open(storeUrl(PREVIEW), variant);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await ready(page, variant);
    await page.waitForLoadState("networkidle");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
    await expect(page.getByTestId("sample-product").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId("preview-home").count()).resolves.toBe(1);
  });

  it("framed by the admin origin: the store's real home renders in full", async () => {
    const opened = await open(storeUrl(PREVIEW, "/robots.txt"), variant);
    const frame = await frameFrom(opened, ADMIN);
    await frame.waitForLoadState("load");
    if (variant.js) await frame.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
    await expect(frame.getByTestId("home").getByRole("heading", { name: "Opening soon" }).count()).resolves.toBe(1);
    await expect(frame.getByTestId("preview-home").count()).resolves.toBe(0);
    await expect(frame.getByTestId("store-name").first().textContent()).resolves.toContain("Preview Store");
  });

  it("framed by another origin: refused", async () => {
    const opened = await open(storeUrl(PREVIEW, "/robots.txt"), variant);
    // Chromium blocks the frame's answer and says why: the store's frame-ancestors names only its admin.
    opened.expectProblem(/Framing 'http:\/\/preview\.localhost:\d+\/' violates .*"frame-ancestors 'self' http:\/\/127\.0\.0\.1:\d+"/);
    opened.expectProblem(/requestfailed: GET http:\/\/preview\.localhost:\d+\/ net::ERR_BLOCKED_BY_RESPONSE/);
    const frame = await frameFrom(opened, OTHER);
    await frame.waitForLoadState("load").catch(() => undefined);
    await expect(frame.getByTestId("home").count()).resolves.toBe(0);
    await expect(
      frame
        .locator("body")
        .textContent()
        .catch(() => ""),
    ).resolves.not.toContain("Opening soon");
  });
});
