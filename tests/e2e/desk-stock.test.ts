import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

/**
 * The owner's stock and switches at the desk (issue 41 part 3; decisions 053, 087), as the food store's demo owner uses
 * them: with JavaScript at a desktop's width, and without it at a phone's. What they change, a shopper's next page shows.
 */

const FOOD = "food.localhost";
const OWNER = { email: "owner.demo@example.com", password: "spice-route-desk" };
/** Counted at no branch and used by no other browser test: marked out of stock here, then counted no more. */
const KEBAB = "Hara Bhara Kebab";

/** Signs the owner in on the sign-in page the desk sent them to, back to `path`. */
async function signIn(page: Page, path: string) {
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await Promise.all([page.waitForURL(storeUrl(FOOD, path)), page.getByRole("button", { name: "Sign in" }).click()]);
}

/** Presses a form's button and waits for the page it answers with to show `then`. */
async function press(button: Locator, then: Locator) {
  await button.click();
  await then.waitFor();
}

/** Nothing is wider than the window: the desk reflows down to a phone's width (WCAG 1.4.10). */
async function fitsTheWindow(page: Page) {
  const [content, view] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(view!);
}

describe.each(VARIANTS)("the owner's stock and switches ($name)", (variant) => {
  const { open } = useBrowser();

  it("marks a product out of stock at the main branch, which a shopper's page then says, and counts it no more", async () => {
    const { page } = await open(storeUrl(FOOD, "/admin/stock"), variant);
    await signIn(page, "/admin/stock");
    await expect(visibleText(page.getByRole("columnheader").nth(1))).resolves.toBe("Stock at Spice Route Kitchen - Indiranagar");
    await expectAccessible(page, variant, "the stock page");
    await fitsTheWindow(page);

    await page.getByLabel("Product name contains").fill("kebab");
    await Promise.all([page.waitForURL(/q=kebab/), page.getByRole("button", { name: "Show" }).click()]);
    const row = page.getByRole("row", { name: new RegExp(KEBAB) });
    await expect(visibleText(row.getByRole("cell").first())).resolves.toBe("Not counted: sells without limit");
    await press(row.getByRole("button", { name: "Mark out of stock" }), page.getByRole("status"));
    await expect(visibleText(page.getByRole("status"))).resolves.toBe("Saved. Shoppers see the change on their next page.");
    await expect(visibleText(row.getByRole("cell").first())).resolves.toBe("0 units (Out of stock)");
    try {
      const shopper = await open(storeUrl(FOOD, "/product/hara-bhara-kebab"), variant);
      await ready(shopper.page, variant);
      const product = shopper.page.getByTestId("product-page");
      await expect(visibleText(product.getByTestId("stock-level"))).resolves.toBe("Out of stock");
      await expect(product.getByTestId("product-form").count()).resolves.toBe(0);
    } finally {
      await press(row.getByRole("button", { name: "Stop counting" }), page.getByRole("cell", { name: "Not counted: sells without limit" }));
    }
  });

  it("closes the store, which the storefront then shows closed, and opens it again", async () => {
    const { page } = await open(storeUrl(FOOD, "/admin/switches"), variant);
    await signIn(page, "/admin/switches");
    await expectAccessible(page, variant, "the switches page");
    await fitsTheWindow(page);
    const reopen = page.getByRole("button", { name: "Open the store" });
    await press(page.getByRole("button", { name: "Close the store" }), reopen);
    try {
      await expect(visibleText(page.getByRole("status"))).resolves.toBe("Saved. Shoppers see the change on their next page.");
      await expect(page.getByText("Closed: shoppers see that the store is not taking orders, and cannot order.").count()).resolves.toBe(1);
      await expectAccessible(page, variant, "the switches page with the store closed");
      const shopper = await open(storeUrl(FOOD, "/"), variant);
      await expect(visibleText(shopper.page.getByTestId("store-closed"))).resolves.toContain(
        "Sorry, we are currently not accepting orders right now. We will be back shortly.",
      );
    } finally {
      await press(reopen, page.getByRole("button", { name: "Close the store" }));
    }
    await expect(page.getByText("Open: shoppers can order.").count()).resolves.toBe(1);
    const shopper = await open(storeUrl(FOOD, "/"), variant);
    await ready(shopper.page, variant);
    await expect(shopper.page.getByTestId("home").count()).resolves.toBe(1);
    await expect(shopper.page.getByTestId("store-closed").count()).resolves.toBe(0);
  });
});
