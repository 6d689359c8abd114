import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

const FOOD = "food.localhost";

/** The products a listing shows, by name, in order (on desktop the home page is under the dialog: not its cards). */
const names = (page: Page) =>
  page.locator('[data-testid="category-page"], [data-testid="search-page"]').getByTestId("product-card").locator("h3").allInnerTexts();

/** With JavaScript a filter applies in place: the document the test marked is still the one shown. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { filterMark: number }).filterMark = 1;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { filterMark?: number }).filterMark === 1);

describe.each(VARIANTS)("filters and sorting ($name)", (variant) => {
  const { open } = useBrowser();

  it("narrows a category by diet and price, sorts it, and the address keeps it (back undoes)", async () => {
    const { page } = await open(storeUrl(FOOD, "/category/curries"), variant);
    await ready(page, variant);
    const form = page.getByTestId("listing-filters");
    const count = page.getByTestId("result-count");
    await expect(visibleText(count)).resolves.toBe("6 products");
    await form.locator("summary").click();
    const vegetarian = form.getByRole("checkbox", { name: /^Vegetarian \(4\)$/ });
    await expect(vegetarian.isVisible()).resolves.toBe(true);
    if (variant.js) await markDocument(page);

    await vegetarian.check();
    if (!variant.js) await Promise.all([page.waitForURL(/filter=diet%3AVegetarian/), form.getByTestId("apply-filters").click()]);
    await page.waitForURL(/filter=diet%3AVegetarian/);
    await expect.poll(() => visibleText(count)).toBe("4 products");
    await expect(names(page)).resolves.toEqual(["Paneer Butter Masala", "Dal Makhani", "Palak Paneer", "Build Your Own Thali"]);
    // The spice counts follow the diet filter: Kadai Chicken, the only hot curry, is not vegetarian.
    await expect(form.getByTestId("filter-spice").innerText()).resolves.toMatch(/Mild\s*\(3\)\s*Medium\s*\(1\)/);
    await expect(form.getByTestId("filter-spice").getByRole("checkbox", { name: /^Hot/ }).count()).resolves.toBe(0);

    const highest = form.getByLabel("Highest price");
    if (!(await highest.isVisible())) await form.locator("summary").click();
    await highest.fill("250");
    if (variant.js) {
      // A price applies on Enter; the order at once, each a step of the history.
      await Promise.all([page.waitForURL(/max_price=250/), highest.press("Enter")]);
      await expect.poll(() => names(page)).toEqual(["Dal Makhani", "Build Your Own Thali"]);
      await Promise.all([
        page.waitForURL(/sort=price_asc/),
        page.getByTestId("listing-filters").getByLabel("Sort by").selectOption("price_asc"),
      ]);
    } else {
      await form.getByLabel("Sort by").selectOption("price_asc");
      await Promise.all([page.waitForURL(/max_price=250/), form.getByTestId("apply-filters").click()]);
    }
    await expect.poll(() => names(page)).toEqual(["Build Your Own Thali", "Dal Makhani"]);
    await expect(visibleText(page.getByTestId("result-count"))).resolves.toBe("2 products");

    // The address alone brings the same list back (shareable), and back returns to the one before.
    const shared = page.url();
    if (variant.js) {
      await expect(sameDocument(page)).resolves.toBe(true);
      expect(new URL(shared).search).toBe("?sort=price_asc&max_price=250&filter=diet%3AVegetarian");
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes("sort"));
      await expect.poll(() => names(page)).toEqual(["Dal Makhani", "Build Your Own Thali"]);
    } else {
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.get("max_price"));
      await expect.poll(() => visibleText(page.getByTestId("result-count"))).toBe("4 products");
    }
    const again = await open(shared, variant);
    await ready(again.page, variant);
    await expect(names(again.page)).resolves.toEqual(["Build Your Own Thali", "Dal Makhani"]);
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    const { page } = await open(storeUrl(FOOD, "/category/curries?filter=diet:Vegetarian&filter=spice:Hot"), variant);
    await ready(page, variant);
    await expect(visibleText(page.getByTestId("no-matches"))).resolves.toContain("No products match these filters.");
    await Promise.all([page.waitForURL((url) => url.search === ""), page.getByTestId("clear-filters-empty").click()]);
    await expect.poll(() => visibleText(page.getByTestId("result-count"))).toBe("6 products");
  });

  it("filters search results and keeps the words", async () => {
    const { page } = await open(storeUrl(FOOD, "/search?q=paneer"), variant);
    await ready(page, variant);
    const form = page.getByTestId("listing-filters");
    await form.locator("summary").click();
    await form.getByRole("checkbox", { name: /^Mild \(2\)$/ }).check();
    if (!variant.js) await form.getByTestId("apply-filters").click();
    await page.waitForURL(/q=paneer.*filter=spice%3AMild/);
    await expect.poll(() => names(page)).toEqual(["Paneer Butter Masala", "Palak Paneer"]);
    await expect(visibleText(page.getByTestId("result-count"))).resolves.toBe("2 results for “paneer”");
  });
});
