import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { type OpenedPage, PERSIST_DIR, ready, storeUrl, useBrowser, VARIANTS } from "./helpers";

/**
 * The owner's preview (issue 25 part 3, decision 044): the store names its admin origin (`adminOrigin`), which alone
 * may frame its pages; framed, the home is the store's real home, not the preview home; outside a frame the preview's
 * admin buttons lead to that origin. The admin pages here are Chromium's own: the test answers them (page.route).
 */

const PREVIEW = "preview.localhost";
const ADMIN = "https://admin.example.test";
const OTHER = "https://other.example.test";

beforeAll(() => {
  // The store is imported into the running server's database as an owner would (npm run store:import).
  execFileSync("npm", ["run", "--silent", "store:import", "--", "tests/fixtures/preview-store.json", "--persist-to", PERSIST_DIR], {
    encoding: "utf8",
  });
});

/** A page of `origin` that frames the store's home, answered by the test instead of a server. */
async function frameFrom(opened: OpenedPage, origin: string) {
  const { page } = opened;
  await page.context().route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Admin</title><iframe id="store" src="${storeUrl(PREVIEW)}" width="1200" height="700"></iframe>`,
    }),
  );
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
    opened.expectProblem(/Refused to frame .*frame-ancestors 'self' https:\/\/admin\.example\.test/);
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
