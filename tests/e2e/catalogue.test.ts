import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForApp as hydrated, storeUrl, texts, useBrowser, VARIANTS, visibleText } from "./helpers";

const FOOD = "food.localhost";
const DIALOG = '[data-testid="route-dialog"]';

/** Hydrated, and for a page other than home in the desktop shell, shown in its dialog. */
async function ready(page: Page, variant: { js: boolean; width: number }) {
  if (!variant.js) return;
  await hydrated(page);
  if (inShell(variant) && new URL(page.url()).pathname !== "/") await page.locator(DIALOG).waitFor();
}

/** Without JavaScript a refused add is the page itself answered with 422, which Chromium logs. */
function expectRefusal(expectProblem: (pattern: RegExp) => void, path: string) {
  expectProblem(new RegExp(`^http 422: POST ${storeUrl(FOOD, path).replace(/[.?+]/g, "\\$&")}$`));
  expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 422/);
}

/** Where a route's content is: inside the dialog on desktop with JavaScript, else the page itself. */
const inShell = (variant: { js: boolean; width: number }) => variant.js && variant.width > 768;

describe.each(VARIANTS)("catalogue ($name)", (variant) => {
  const { open } = useBrowser();

  it("browses home → category → product", async () => {
    const { page } = await open(storeUrl(FOOD), variant);
    if (variant.js) await hydrated(page);
    await Promise.all([
      page.waitForURL("**/category/pizzas"),
      page.getByTestId("home").getByTestId("category-tile").filter({ hasText: "Pizzas" }).first().click(),
    ]);
    const category = page.getByTestId("category-page");
    await expect(visibleText(category.locator("h1"))).resolves.toBe("Pizzas");
    await expect(visibleText(category.getByTestId("result-count"))).resolves.toBe("4 products");
    if (inShell(variant)) await page.locator(DIALOG).waitFor();
    else await expect(page.locator(DIALOG).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toContain("Pizzas");

    await Promise.all([
      page.waitForURL("**/product/margherita-pizza"),
      category.getByTestId("product-card").filter({ hasText: "Margherita Pizza" }).locator("a").first().click(),
    ]);
    const product = page.getByTestId("product-page");
    await expect(visibleText(product.locator("h1"))).resolves.toBe("Margherita Pizza");
    await expect(page.title()).resolves.toContain("Margherita Pizza");
    if (inShell(variant)) {
      // The home page stays underneath the dialog.
      await expect(page.getByTestId("home-underlay").count()).resolves.toBe(1);
    }
  });

  it("configures a product with combinations and add-ons, server-checked without JavaScript", async () => {
    const { page, expectProblem } = await open(storeUrl(FOOD, "/product/margherita-pizza"), variant);
    const form = page.getByTestId("product-page").getByTestId("product-form");
    const price = form.getByTestId("drawer-price");
    await expect(visibleText(price)).resolves.toBe("₹199.00");
    if (variant.js) {
      await ready(page, variant);
      // Regular comes only with the classic crust, so Thin is disabled until another size is chosen.
      await expect(form.getByLabel("Thin").isDisabled()).resolves.toBe(true);
      await form.getByLabel("Medium").check();
      await expect(form.getByLabel("Thin").isDisabled()).resolves.toBe(false);
      await form.getByLabel("Thin").check();
      await expect(visibleText(price)).resolves.toBe("₹329.00");
      await form.getByLabel("Garlic dip").check();
      await form.getByLabel("Peri peri dip").check();
      await expect(visibleText(price)).resolves.toBe("₹379.00");
      // Dips allow two: the third is disabled, the chosen ones can still be unchosen.
      await expect(form.getByLabel("Cheesy jalapeño dip").isDisabled()).resolves.toBe(true);
      await form.getByLabel("Peri peri dip").uncheck();
      await expect(visibleText(price)).resolves.toBe("₹354.00");
      // Changing a single choice starts the add-ons over.
      await form.getByLabel("Large").check();
      await expect(form.getByLabel("Garlic dip").isChecked()).resolves.toBe(false);
      await expect(visibleText(price)).resolves.toBe("₹449.00");
      await form.getByTestId("add-to-cart").click();
      await expect(visibleText(page.getByTestId("toast").first())).resolves.toContain("Added to cart");
    } else {
      // Without JavaScript nothing is disabled; the server refuses an impossible choice (422) and keeps the form as sent.
      expectRefusal(expectProblem, "/product/margherita-pizza");
      await form.getByLabel("Thin").check();
      await form.getByLabel("Garlic dip").check();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.getByTestId("add-to-cart").click(),
      ]);
      expect(response.status()).toBe(422);
      const again = page.getByTestId("product-page").getByTestId("product-form");
      await expect(visibleText(again.getByTestId("option-error"))).resolves.toBe("This combination is not available");
      await expect(again.getByLabel("Thin").isChecked()).resolves.toBe(true);
      await expect(again.getByLabel("Garlic dip").isChecked()).resolves.toBe(true);
      await again.getByLabel("Large").check();
      await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), again.getByTestId("add-to-cart").click()]);
      await expect(visibleText(page.getByTestId("cart-page").getByTestId("cart-line"))).resolves.toContain("Size: Large");
    }
  });

  it("refuses an add below a group's minimum with the spec's message", async () => {
    const { page, expectProblem } = await open(storeUrl(FOOD, "/product/build-your-own-thali"), variant);
    await ready(page, variant);
    if (!variant.js) expectRefusal(expectProblem, "/product/build-your-own-thali");
    const form = page.getByTestId("product-page").getByTestId("product-form");
    await form.getByLabel("Dal Makhani").check();
    await form.getByLabel("Butter Naan").check();
    await Promise.all([variant.js ? Promise.resolve() : page.waitForLoadState("load"), form.getByTestId("add-to-cart").click()]);
    const message = page.getByTestId("product-page").getByTestId("option-error");
    await expect(visibleText(message)).resolves.toBe("Please select at least 2 options for Curries");
  });

  it("searches from a GET form, with results paged", async () => {
    const { page } = await open(storeUrl(FOOD, "/search"), variant);
    await ready(page, variant);
    const search = page.getByTestId("search-page");
    /** The box, typed into: with JavaScript it becomes the suggesting combobox once focused (decisions 052, 057). */
    const type = async (text: string) => {
      if (variant.js) {
        await search.locator("input[name=q][type=search]").focus();
        await search.locator('input[name=q][role="combobox"]').waitFor();
      }
      await search.locator("input[name=q][type=search]").fill(text);
    };
    await type("pizza");
    await Promise.all([page.waitForURL("**/search?q=pizza"), search.getByRole("button", { name: "Search" }).click()]);
    await expect(visibleText(page.getByTestId("search-page").getByTestId("result-count"))).resolves.toBe("4 results for “pizza”");
    const names = await texts(page, '[data-testid="search-results"] [data-testid="product-card"] h3');
    expect(names.sort()).toEqual(["Margherita Pizza", "Paneer Tikka Pizza", "Tandoori Chicken Pizza", "Veggie Supreme Pizza"]);

    await type("qqqzzz");
    await Promise.all([
      page.waitForURL("**/search?q=qqqzzz"),
      page.getByTestId("search-page").getByRole("button", { name: "Search" }).click(),
    ]);
    await expect(visibleText(page.getByTestId("search-page").getByTestId("empty-list"))).resolves.toBe(
      "No products match your search. Try other words.",
    );
  });

  it("shows a content page, 80% of the window wide on desktop", async () => {
    const { page } = await open(storeUrl(FOOD, "/page/about-us"), variant);
    await expect(visibleText(page.getByTestId("content-page").locator("h1").first())).resolves.toBe("About us");
    if (inShell(variant)) {
      const dialog = page.locator(DIALOG);
      await dialog.waitFor();
      const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
      expect(Math.abs(width - 0.8 * variant.width)).toBeLessThan(2);
    } else {
      await expect(page.locator(DIALOG).count()).resolves.toBe(0);
    }
  });

  it("shows a product's rating summary and reviews", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/reviews/26"), variant);
    const reviews = page.getByTestId("reviews-page");
    await expect(visibleText(reviews.getByTestId("rating-counts"))).resolves.toMatch(/^14 ratings · \d+ reviews$/);
    await expect(reviews.getByTestId("review").count()).resolves.toBe(10);
    if (variant.js) {
      await ready(page, variant);
      // The next page loads when "Load more" comes into view (it may already have) or is clicked.
      await reviews
        .getByTestId("load-more")
        .click({ timeout: 2000 })
        .catch(() => undefined);
      await expect.poll(() => reviews.getByTestId("review").count()).toBe(14);
      await expect(reviews.getByTestId("load-more").count()).resolves.toBe(0);
    } else {
      await Promise.all([page.waitForURL("**/product/reviews/26?page=2"), reviews.getByTestId("load-more").click()]);
      await expect(page.getByTestId("reviews-page").getByTestId("review").count()).resolves.toBe(4);
    }
  });

  it("answers an unknown product with the 404 page", async () => {
    const { page, response, expectProblem } = await open(storeUrl(FOOD, "/product/no-such-dish"), variant);
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 404/);
    expect(response.status()).toBe(404);
    await expect(page.getByTestId("not-found").count()).resolves.toBe(1);
  });
});

describe.each(VARIANTS.filter((v) => v.js))("options drawer and desktop shell ($name)", (variant) => {
  const { open } = useBrowser();
  const desktop = variant.width > 768;

  it("opens the options drawer from a product card, keeps its state in the hash, and adds", async () => {
    const { page } = await open(storeUrl(FOOD, "/category/pizzas"), variant);
    await hydrated(page);
    if (desktop) await page.getByTestId("home-underlay").waitFor();
    const card = page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Margherita Pizza" });
    await card.getByTestId("card-add-to-cart").click();
    const drawer = page.getByRole("dialog", { name: "Product options" });
    await drawer.getByTestId("product-form").waitFor();
    expect(new URL(page.url()).hash).toBe("#product-options-drawer");
    await expect(drawer.getAttribute("id")).resolves.toBe("product-options-drawer");
    const box = await drawer.getByTestId("options-drawer").boundingBox();
    if (!box) throw new Error("drawer not visible");
    if (desktop) {
      expect(box.width).toBeLessThanOrEqual(500);
      expect(box.height).toBeLessThanOrEqual(800 * 0.85 + 1);
    } else {
      // A bottom drawer: full width, resting on the bottom edge, at most 80% of the screen high.
      expect(box.width).toBe(390);
      expect(Math.round(box.y + box.height)).toBe(844);
      expect(box.height).toBeLessThanOrEqual(844 * 0.8 + 1);
    }
    await drawer.getByLabel("Medium").check();
    await expect(visibleText(drawer.getByTestId("drawer-price"))).resolves.toBe("₹329.00");
    // Escape closes it by going back: the hash is gone and the category is still there.
    await page.keyboard.press("Escape");
    await expect.poll(() => new URL(page.url()).hash).toBe("");
    await expect.poll(() => drawer.count()).toBe(0);

    await card.getByTestId("card-add-to-cart").click();
    await drawer.getByTestId("product-form").waitFor();
    await drawer.getByTestId("add-to-cart").click();
    await expect(visibleText(page.getByTestId("toast").first())).resolves.toContain("Added to cart");
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });

  it("adds a product without options straight from its card", async () => {
    const { page } = await open(storeUrl(FOOD, "/category/desserts"), variant);
    await hydrated(page);
    // A submission interrupts loads in flight; let the desktop shell's home page arrive first.
    if (desktop) await page.getByTestId("home-underlay").waitFor();
    const card = page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Rasmalai" });
    await card.getByTestId("card-add-to-cart").click();
    await expect(visibleText(page.getByTestId("toast").first())).resolves.toMatch(/^Rasmalai added to cart/);
  });

  it(desktop ? "opens a deep link in a dialog above the home page and closes back to home" : "renders a deep link as a page", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/margherita-pizza"), variant);
    await hydrated(page);
    if (!desktop) {
      await expect(page.locator(DIALOG).count()).resolves.toBe(0);
      return;
    }
    const dialog = page.locator(DIALOG);
    await dialog.waitFor();
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(480);
    await page.getByTestId("home-underlay").getByTestId("block-banner_slider").waitFor();
    await page.getByTestId("dialog-close").click();
    await page.waitForURL(storeUrl(FOOD, "/"));
    // The address changes at once on going back; the dialog goes when the home route has rendered.
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByTestId("home").waitFor();
  });

  if (desktop) {
    it("keeps the home page's scroll position under a dialog and back, and saves it locally", async () => {
      const { page } = await open(storeUrl(FOOD), variant);
      await hydrated(page);
      const card = page.getByTestId("block-products_infinite_scroll").getByTestId("product-card").nth(4);
      await card.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(500);
      await Promise.all([page.waitForURL("**/product/**"), card.locator("a").first().click()]);
      await page.locator(DIALOG).waitFor();
      // Within a few pixels: the home under the dialog is a second render of the same blocks.
      const near = (y: number) => Math.abs(y - scrolled) < 24;
      await expect.poll(async () => near(await page.evaluate(() => window.scrollY))).toBe(true);
      await page.getByTestId("dialog-close").click();
      await page.waitForURL(storeUrl(FOOD, "/"));
      await expect.poll(() => page.locator(DIALOG).count()).toBe(0);
      await expect.poll(async () => near(await page.evaluate(() => window.scrollY))).toBe(true);
      expect(near(await page.evaluate(() => Number(localStorage.getItem("storefront:home-scroll"))))).toBe(true);
    });
  }
});
