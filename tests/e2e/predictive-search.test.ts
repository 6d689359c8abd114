import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";
import { expectBirSuggestions } from "./search-steps";

const FOOD = "food.localhost";

describe.each(VARIANTS)("predictive search ($name)", (variant) => {
  const { open } = useBrowser();

  it("suggests products and categories while typing, by keyboard; Enter alone gives the full results", async () => {
    const { page } = await open(storeUrl(FOOD, "/search"), variant);
    await ready(page, variant);
    const box = page.locator("#search-q");
    if (!variant.js) {
      // Without JavaScript the form works as before: a plain box, Enter searches.
      await expect(box.getAttribute("role")).resolves.toBeNull();
      await box.fill("paneer");
      await Promise.all([page.waitForURL(/\/search\?q=paneer$/), box.press("Enter")]);
      await expect(visibleText(page.getByTestId("result-count"))).resolves.toBe("5 results for “paneer”");
      return;
    }
    await page.locator('#search-q[role="combobox"]').waitFor();
    await box.click();
    await box.pressSequentially("bir", { delay: 30 });
    const list = page.getByRole("listbox");
    await list.waitFor();
    await expect(box.getAttribute("aria-expanded")).resolves.toBe("true");
    const products = await expectBirSuggestions(list);
    // The product's picture is shown, and the categories follow the products.
    await expect(products.first().locator("img").count()).resolves.toBe(1);
    await expect(list.getByRole("group", { name: "Categories" }).getByRole("option").allInnerTexts()).resolves.toEqual(["Biryani"]);

    // First is the full results; Escape closes the list, a Down opens it there again, two more reach the second product.
    await box.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await box.press("ArrowDown");
    await page.getByRole("listbox").waitFor();
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    const activeId = await box.getAttribute("aria-activedescendant");
    await expect(page.locator(`[id="${activeId}"]`).innerText()).resolves.toMatch(/^Mutton Biryani/);
    await Promise.all([page.waitForURL("**/product/mutton-biryani"), box.press("Enter")]);
    await expect(visibleText(page.getByTestId("product-page").locator("h1"))).resolves.toBe("Mutton Biryani");

    // Typed, Enter without moving goes to the full results.
    await page.goto(storeUrl(FOOD, "/search"));
    await ready(page, variant);
    await page.locator('#search-q[role="combobox"]').waitFor();
    await box.click();
    await box.pressSequentially("paneer", { delay: 20 });
    await page.getByRole("listbox").waitFor();
    await Promise.all([page.waitForURL(/\/search\?q=paneer$/), box.press("Enter")]);
    await expect.poll(() => visibleText(page.getByTestId("result-count"))).toBe("5 results for “paneer”");
  });
});
