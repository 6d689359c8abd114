import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * What typing "bir" lists in the food store, wherever the search box is (the nav's, the search page's): the full
 * results first, then its four biryanis in order with their price at the default branch and the typed start of the
 * word highlighted. Answers the product options.
 */
export async function expectBirSuggestions(list: Locator): Promise<Locator> {
  const products = list.getByRole("group", { name: "Products" }).getByRole("option");
  const shown = await products.allInnerTexts();
  expect(shown.map((text) => text.split("\n")[0])).toEqual([
    "Hyderabadi Chicken Dum Biryani",
    "Mutton Biryani",
    "Veg Dum Biryani",
    "Egg Biryani",
  ]);
  expect(shown[0]).toMatch(/\n₹329\b/);
  await expect(products.first().locator("mark").allInnerTexts()).resolves.toEqual(["Bir"]);
  await expect(list.getByRole("option").first().innerText()).resolves.toBe("Search for “bir”");
  return products;
}
