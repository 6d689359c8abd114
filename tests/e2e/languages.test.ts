import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FOOD } from "./api-steps";
import { ready, storeUrl, useBrowser, type Variant, waitForApp } from "./helpers";

/**
 * The store's languages in a browser (decisions 077, 078): the food store offers Hindi at /hi/ beside its own English.
 * The switch in the nav leads to the same page in the other language, with and without JavaScript; a page in Hindi
 * speaks Hindi in its interface, hydrates with Hindi's catalogue, and keeps its client-side navigation under /hi.
 */

const VARIANTS: Variant[] = [
  { name: "JS on, 1280px", js: true, width: 1280 },
  { name: "JS on, 390px", js: true, width: 390 },
  { name: "JS off, 390px", js: false, width: 390 },
];

describe.each(VARIANTS)("the store's languages ($name)", (variant) => {
  const { open } = useBrowser();

  async function page(path: string): Promise<Page> {
    const { page, response } = await open(storeUrl(FOOD, path), variant);
    expect(response.status(), path).toBe(200);
    await ready(page, variant);
    return page;
  }

  // The home: on desktop every other page opens in a dialog over it, the nav behind the dialog inert.
  it("switches a page to Hindi and back from the nav, the page's own address kept", async () => {
    const english = await page("/?sort=any");
    await expect(english.locator("html").getAttribute("lang")).resolves.toBe("en");
    await expect(english.getByTestId("change-location").innerText()).resolves.toContain("Change Location");
    const switchNav = english.getByTestId("nav-languages");
    await expect(switchNav.getByRole("link", { name: "English" }).getAttribute("aria-current")).resolves.toBe("true");

    await Promise.all([english.waitForURL("**/hi?sort=any"), switchNav.getByRole("link", { name: "हिन्दी" }).click()]);
    if (variant.js) await waitForApp(english);
    await expect(english.locator("html").getAttribute("lang")).resolves.toBe("hi");
    await expect(english.getByTestId("change-location").innerText()).resolves.toContain("स्थान बदलें");
    await expect(english.getByRole("link", { name: "मुख्य सामग्री पर जाएँ" }).count()).resolves.toBe(1);

    await Promise.all([
      english.waitForURL(/\/\?sort=any$/),
      english.getByTestId("nav-languages").getByRole("link", { name: "English" }).click(),
    ]);
    await expect(english.locator("html").getAttribute("lang")).resolves.toBe("en");
    expect(new URL(english.url()).pathname).toBe("/");
  });

  it("keeps the page's language on the next page, the product, and in the cart's badge", async () => {
    const hindi = await page("/hi/category/pizzas");
    // The category's own card: on desktop the home's cards are behind the page's dialog, inert.
    const card = hindi.getByTestId("category-page").locator('[data-testid="product-card"] a[href="/hi/product/margherita-pizza"]').first();
    await Promise.all([hindi.waitForURL("**/hi/product/margherita-pizza"), card.click()]);
    await ready(hindi, variant);
    await expect(hindi.locator("html").getAttribute("lang")).resolves.toBe("hi");
    await expect(hindi.getByTestId("change-location").innerText()).resolves.toContain("स्थान बदलें");
    // The cart link of the nav is the Hindi one, whose name the catalogue gives.
    await expect(hindi.getByRole("link", { name: /^कार्ट/ }).first().getAttribute("href")).resolves.toBe("/hi/cart");
  });

  it.runIf(variant.js)("hydrates with the page's catalogue: no message shows as its id, and no hydration error", async () => {
    const errors: string[] = [];
    const { page: hindi } = await open(storeUrl(FOOD, "/hi/category/pizzas"), variant);
    hindi.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    hindi.on("pageerror", (error) => errors.push(error.message));
    await ready(hindi, variant);
    // The page's first chunks' messages came in its HTML (decision 081): it fetched none of theirs, and what parts
    // hydrated later fetched is theirs alone, in Hindi.
    const { fetched, carried } = await hindi.evaluate(() => ({
      fetched: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\/i18n\//.test(path)),
      carried: (JSON.parse(document.getElementById("page-messages")?.textContent || "{}") as { chunks?: string[] }).chunks ?? [],
    }));
    expect(carried.length).toBeGreaterThan(2);
    for (const path of fetched) {
      expect(path).toMatch(/^\/assets\/i18n\/hi\/[\w.-]+\.json$/);
      expect(carried).not.toContain(path.slice(path.lastIndexOf("/") + 1, -".json".length));
    }
    await expect(hindi.locator("body").innerText()).resolves.not.toMatch(/\b[a-z]+\.[a-z]+_[a-z_]+\b/);
    expect(errors).toEqual([]);
  });
});
