import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

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
    const products = list.getByRole("group", { name: "Products" }).getByRole("option");
    const shown = await products.allInnerTexts();
    expect(shown.map((text) => text.split("\n")[0])).toEqual([
      "Hyderabadi Chicken Dum Biryani",
      "Mutton Biryani",
      "Veg Dum Biryani",
      "Egg Biryani",
    ]);
    expect(shown[0]).toMatch(/\n₹329\b/);
    // The typed start of the word is highlighted, and the product's picture is shown.
    await expect(products.first().locator("mark").allInnerTexts()).resolves.toEqual(["Bir"]);
    await expect(products.first().locator("img").count()).resolves.toBe(1);
    await expect(list.getByRole("group", { name: "Categories" }).getByRole("option").allInnerTexts()).resolves.toEqual(["Biryani"]);

    // First is the full results; Escape closes the list, a Down opens it there again, two more reach the second product.
    await expect(list.getByRole("option").first().innerText()).resolves.toBe("Search for “bir”");
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
