import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, ready, screenshot, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";
import { expectBirSuggestions } from "./search-steps";

const FOOD = "food.localhost";

/** The combobox's own chunk (Vite names it after app/components/predictive-search.client.tsx). */
const COMBOBOX_CHUNK = /\/assets\/predictive-search\.client-[\w-]+\.js$/;

/** Every script and resource this document has fetched so far, the lazy chunks included. */
const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));

/** Whether the nav's search form is in sight: on a phone it is clipped to a pixel until the keyboard is in it. */
const formShown = (page: Page) => page.locator("#nav-search-form").evaluate((form) => form.getBoundingClientRect().width > 100);

/** The id of the element the keyboard is in. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe.each(VARIANTS)("the nav's search field ($name)", (variant) => {
  const { open } = useBrowser();
  const phone = variant.width === 390;

  /** Into the nav's box by keyboard: past the store's name on a desktop; on a phone, the Search link opens its row. */
  async function enterField(page: Page) {
    const nav = page.getByTestId("top-nav");
    if (phone) {
      const link = nav.getByRole("link", { name: "Search", exact: true });
      await expect(formShown(page)).resolves.toBe(false);
      await link.focus();
      await page.keyboard.press("Enter");
      // The link's target is the form; without JavaScript the next Tab goes into it, with it the box takes the focus.
      if (!variant.js) await page.keyboard.press("Tab");
    } else {
      await nav.getByRole("link").first().focus();
      await page.keyboard.press("Tab");
    }
    await expect.poll(() => focused(page)).toBe("nav-search");
    await expect(formShown(page)).resolves.toBe(true);
  }

  it("goes to a suggested product by keyboard, or to the full results; the combobox's code arrives on first focus", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    const box = page.locator("#nav-search");
    // The store's name, the Search link (on a phone), the account link and the cart stay on the nav's one row, and
    // nothing sticks out.
    const name = await page.getByTestId("top-nav").getByTestId("store-name").boundingBox();
    // The main nav's items; the language switch has its own row, with the location.
    const items = page.getByTestId("top-nav").locator('nav[aria-label="Main"] > ul > li');
    const rows = await items.evaluateAll((lis) =>
      lis.filter((li) => (li as HTMLElement).offsetParent).map((li) => [li.getBoundingClientRect().top, li.getBoundingClientRect().bottom]),
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const [top, bottom] of rows) expect(top! < name!.y + name!.height && bottom! > name!.y, JSON.stringify({ name, rows })).toBe(true);
    await expect(horizontalOverflow(page)).resolves.toBe(0);
    if (!variant.js) {
      // A GET form to the search page, as the search page's own.
      await enterField(page);
      await expect(box.getAttribute("role")).resolves.toBeNull();
      await page.keyboard.type("paneer");
      await expect(horizontalOverflow(page)).resolves.toBe(0);
      await Promise.all([page.waitForURL(/\/search\?q=paneer$/), page.keyboard.press("Enter")]);
      await expect(visibleText(page.getByTestId("result-count"))).resolves.toBe("5 results for “paneer”");
      return;
    }

    await page.waitForLoadState("networkidle");
    expect((await fetched(page)).filter((url) => COMBOBOX_CHUNK.test(url))).toEqual([]);
    await expect(box.getAttribute("role")).resolves.toBeNull();

    // Typed at once: the box becomes the combobox meanwhile, and keeps every letter and the focus.
    await enterField(page);
    await page.keyboard.type("bir", { delay: 30 });
    const list = page.getByRole("listbox");
    await list.waitFor();
    await expect(box.inputValue()).resolves.toBe("bir");
    await expect(box.getAttribute("role")).resolves.toBe("combobox");
    expect((await fetched(page)).filter((url) => COMBOBOX_CHUNK.test(url))).toHaveLength(1);
    await expect(horizontalOverflow(page)).resolves.toBe(0);
    await screenshot(page, `nav-search-${variant.width}`);
    await expectBirSuggestions(list);

    // The full results come first; two Downs reach the second product, and Enter opens it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const activeId = await box.getAttribute("aria-activedescendant");
    await expect(page.locator(`[id="${activeId}"]`).innerText()).resolves.toMatch(/^Mutton Biryani/);
    await Promise.all([page.waitForURL("**/product/mutton-biryani"), page.keyboard.press("Enter")]);
    await expect(visibleText(page.getByTestId("product-page").locator("h1"))).resolves.toBe("Mutton Biryani");

    // Enter without moving: the full results.
    await page.goto(storeUrl(FOOD, "/"));
    await ready(page, variant);
    await enterField(page);
    await page.keyboard.type("paneer", { delay: 20 });
    await page.getByRole("listbox").waitFor();
    await Promise.all([page.waitForURL(/\/search\?q=paneer$/), page.keyboard.press("Enter")]);
    await expect.poll(() => visibleText(page.getByTestId("result-count"))).toBe("5 results for “paneer”");
  });

  it.runIf(variant.js)("suggests in the home page's search block too, from the same chunk", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    await page.waitForLoadState("networkidle");
    expect((await fetched(page)).filter((url) => COMBOBOX_CHUNK.test(url))).toEqual([]);
    const box = page.getByTestId("block-search_block").locator("#home-search");
    await box.focus();
    await page.keyboard.type("dos", { delay: 30 });
    const list = page.getByTestId("block-search_block").getByRole("listbox");
    await list.waitFor();
    // Fetched once, after the focus: the nav's combobox chunk, not one of the block's own.
    expect((await fetched(page)).filter((url) => COMBOBOX_CHUNK.test(url))).toHaveLength(1);
    await expect(box.inputValue()).resolves.toBe("dos");
    await expect(list.getByRole("option").first().innerText()).resolves.toBe("Search for “dos”");
    await expect(list.getByRole("group", { name: "Products" }).getByRole("option").count()).resolves.toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/\/search\?q=dos$/), page.keyboard.press("Enter")]);
  });
});
