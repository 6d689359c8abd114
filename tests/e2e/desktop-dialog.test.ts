import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type OpenedPage, ready, storeUrl, useBrowser, VARIANTS, type Variant, waitForApp } from "./helpers";
import { asOwnVisitor, FOOD, navSays, newShopper } from "./shopper-steps";

const DESKTOP = VARIANTS.find((variant) => variant.js && variant.width === 1280)!;

/**
 * Opens `path` on desktop with the page's scripts held back: the server's HTML is there to type into, React is not
 * yet. `release` lets the scripts through, and the page then hydrates and becomes the shell's dialog.
 */
async function openHeld(open: (url: string, variant: Variant) => Promise<OpenedPage>, path: string) {
  // A first, tiny answer gives the page its host; the route is in place before the store's page loads.
  const opened = await open(storeUrl(FOOD, "/robots.txt"), DESKTOP);
  const { page } = opened;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await asOwnVisitor(page);
  // Module scripts run before DOMContentLoaded, so only the response's arrival can be awaited while they are held.
  await page.goto(storeUrl(FOOD, path), { waitUntil: "commit" });
  return { ...opened, release };
}

/** The page's landmarks and ids as a screen reader and `#main` see them: one main, no id twice. */
async function landmarksAndIds(page: Page) {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return {
      mains: document.querySelectorAll('main, [role="main"]').length,
      duplicateIds: [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))],
      mainInDialog: document.querySelector('[data-testid="route-dialog"] #main') !== null,
    };
  });
}

// Spec section 2 and decision 015: the desktop shell turns a page opened directly into a dialog over the home once
// hydrated; what the visitor did before that must survive the change.
describe("a page opened directly on desktop (JS on, 1280px)", () => {
  const { open } = useBrowser();

  it("keeps what was typed before hydration, and the form still registers", async () => {
    const { page, release } = await openHeld(open, "/register");
    const shopper = newShopper(DESKTOP);
    const form = page.getByTestId("register-page");
    await form.getByLabel("Name").fill(shopper.name);
    await form.getByLabel("Email").fill(shopper.email);
    await form.getByLabel("Phone number").fill(shopper.phone);
    await form.getByLabel(/^Password/).fill(shopper.password);
    expect(await page.locator("html[data-hydrated]").count(), "the scripts were held: the page is not hydrated yet").toBe(0);
    release();
    await ready(page, DESKTOP);
    // Now in the dialog, the same form with what the visitor typed.
    const dialogForm = page.getByTestId("route-dialog").getByTestId("register-page");
    await expect(dialogForm.getByLabel("Name").inputValue()).resolves.toBe(shopper.name);
    await expect(dialogForm.getByLabel("Email").inputValue()).resolves.toBe(shopper.email);
    await expect(dialogForm.getByLabel("Phone number").inputValue()).resolves.toBe(shopper.phone);
    await expect(dialogForm.getByLabel(/^Password/).inputValue()).resolves.toBe(shopper.password);
    await Promise.all([page.waitForURL(storeUrl(FOOD, "/account")), dialogForm.getByRole("button", { name: "Create account" }).click()]);
    await waitForApp(page);
    await navSays(page, "Account");
  });

  it("keeps a choice picked before hydration", async () => {
    const { page, release } = await openHeld(open, "/product/margherita-pizza");
    const form = page.getByTestId("product-page").getByTestId("product-form");
    // Not the first combination's size, which the page starts with; and an add-on.
    await form.getByRole("radio", { name: "Large" }).check();
    await form.getByRole("checkbox", { name: /Garlic dip/ }).check();
    release();
    await ready(page, DESKTOP);
    const inDialog = page.getByTestId("route-dialog").getByTestId("product-page").getByTestId("product-form");
    await expect(inDialog.getByRole("radio", { name: "Large" }).isChecked()).resolves.toBe(true);
    await expect(inDialog.getByRole("checkbox", { name: /Garlic dip/ }).isChecked()).resolves.toBe(true);
    // The script's state follows the picks: the price is the large pizza's with the dip (449 + 25).
    await expect.poll(() => inDialog.getByTestId("drawer-price").innerText()).toMatch(/474\.00/);
  });

  it("a submit pressed before hydration is not lost", async () => {
    const { page, release, tolerateProblem, expectProblem } = await openHeld(open, "/login");
    tolerateProblem(
      /^requestfailed: GET .*\/assets\/.* net::ERR_ABORTED$/,
      "the held scripts are dropped when the plain post leaves the page",
    );
    // The wrong password: the page answers 422 with its message beside the form.
    expectProblem(/^http 422: POST .*\/login$/);
    tolerateProblem(/^console.error: Failed to load resource: .* 422 /, "Chromium's line for that 422 document");
    const form = page.getByTestId("login-page");
    await form.getByLabel("Email").first().fill("nobody.here@example.com");
    await form.getByLabel(/^Password/).fill("not the password");
    // Without JavaScript yet, the button posts the form as a plain page would (decision 015).
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      form.getByRole("button", { name: "Sign in" }).click(),
    ]);
    release();
    await ready(page, DESKTOP);
    await expect(page.getByTestId("route-dialog").getByRole("alert").first().innerText()).resolves.toMatch(/\S/);
  });

  for (const path of ["/register", "/search", "/product/margherita-pizza", "/cart"]) {
    it(`${path} in its dialog is the one main landmark, with no id twice`, async () => {
      const { page } = await open(storeUrl(FOOD, path), DESKTOP);
      await ready(page, DESKTOP);
      await expect(landmarksAndIds(page)).resolves.toEqual({ mains: 1, duplicateIds: [], mainInDialog: true });
    });
  }
});
