import { describe, expect, it } from "vitest";
import {
  backgroundColour,
  horizontalOverflow,
  screenshot,
  storeUrl,
  texts,
  useBrowser,
  VARIANTS,
  visibleText,
  waitForHydration,
} from "./helpers";

const FOOD = "food.localhost";

/** The food store's home layout (stores/food.json) without the navigation elements, in order. */
const FOOD_BLOCKS = [
  "block-banner_slider",
  "block-search_block",
  "block-categories_horizontal_strip",
  "block-products_display",
  "block-categories_grid",
  "block-slider_centered",
  "block-product_horizontal_strip",
  "block-static_banner",
  "block-product_horizontal_strip",
  "block-custom_html_block",
  "block-products_infinite_scroll",
];

/** en-IN rupees: symbol first, Indian digit grouping (1,23,456), paise only when the amount has them. */
const INR = /^₹(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3})(?:\.\d{2})?$/;

const INFINITE = '[data-testid="block-products_infinite_scroll"]';
const INFINITE_CARDS = `${INFINITE} [data-testid="product-card"]`;

describe.each(VARIANTS)("food home ($name)", (variant) => {
  const { open } = useBrowser();

  it("shows the top nav, the design blocks in order, the bottom nav and the powered-by footer", async () => {
    const { page, response } = await open(storeUrl(FOOD), variant);
    expect(response.status()).toBe(200);
    if (variant.js) await waitForHydration(page);

    await expect(page.title()).resolves.toBe("Spice Route Kitchen | Biryani, curries and dosas delivered in Bengaluru");
    await expect(visibleText(page.getByTestId("top-nav").getByTestId("store-name"))).resolves.toBe("Spice Route Kitchen");

    const blocks = await page
      .locator('[data-testid="home"] [data-testid^="block-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")));
    expect(blocks).toEqual(FOOD_BLOCKS);

    const bottomNav = page.getByTestId("bottom-nav");
    // Polled: the tab bar's code arrives after hydration and takes its server copy's place (decision 057).
    await expect.poll(() => texts(page, '[data-testid="bottom-nav"] a')).toEqual(["Home", "Search", "Cart", "Account"]);
    // A tab bar fixed to the bottom of a phone screen; an ordinary row of links at the end of the page on desktop.
    await expect.poll(() => bottomNav.evaluate((el) => getComputedStyle(el).position)).toBe(variant.width === 390 ? "fixed" : "static");

    await expect(visibleText(page.getByTestId("powered-by"))).resolves.toBe("Powered by Zepio");
    await expect(page.getByTestId("powered-by").locator("a").getAttribute("href")).resolves.toBe("https://zepio.io");

    // The store colour #c2410c themes the shell: solid in the top nav, 5% onto white for the page,
    // 10% alpha behind the current tab.
    await expect(backgroundColour(page.getByTestId("top-nav"))).resolves.toBe("rgb(194, 65, 12)");
    await expect(backgroundColour(page.locator("body"))).resolves.toBe("rgb(252, 246, 243)");
    await expect(backgroundColour(bottomNav.getByRole("link", { name: "Home" }))).resolves.toBe("rgba(194, 65, 12, 0.1)");
    // Strips and sliders scroll inside themselves; the page itself never scrolls sideways.
    await expect(horizontalOverflow(page)).resolves.toBe(0);

    if (variant.js) await screenshot(page, `food-${variant.width}`);
  });

  it("formats prices in Indian rupees", async () => {
    const { page } = await open(storeUrl(FOOD), variant);
    const prices = await texts(page, '[data-testid="price"]');
    expect(prices.length).toBeGreaterThan(20);
    for (const price of prices) expect(price).toMatch(INR);

    const paneerTikka = page
      .getByTestId("block-products_display")
      .getByTestId("product-card")
      .filter({ has: page.getByRole("heading", { name: "Paneer Tikka", exact: true }) });
    await expect(visibleText(paneerTikka.getByTestId("price"))).resolves.toBe("₹279");
    await expect(paneerTikka.locator("s").textContent()).resolves.toMatch(/^(was )?₹319$/);
  });

  it("renders the custom HTML block as content, without running any script", async () => {
    const { page, dialogs } = await open(storeUrl(FOOD), variant);
    const block = page.getByTestId("block-custom_html_block");
    await expect(visibleText(block.locator("h2"))).resolves.toBe("Cooked fresh in three Bengaluru kitchens");
    await expect(block.locator("a").getAttribute("href")).resolves.toBe("/page/about-us");
    await expect(block.locator("script").count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
  });

  it("submits the search block to /search?q=…", async () => {
    const { page } = await open(storeUrl(FOOD), variant);
    if (variant.js) await waitForHydration(page);
    const search = page.getByTestId("block-search_block");
    await expect(search.locator("input[name=q]").getAttribute("placeholder")).resolves.toBe("Search biryani, dosa, naan...");
    await search.locator("input[name=q]").fill("dum biryani");
    await Promise.all([page.waitForURL("**/search?q=dum+biryani"), search.getByRole("button", { name: "Search" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("dum biryani");
    await expect
      .poll(async () => (await texts(page, '[data-testid="search-results"] [data-testid="product-card"] h3')).sort())
      .toEqual(["Hyderabadi Chicken Dum Biryani", "Veg Dum Biryani"]);
  });

  if (variant.js) {
    it("starts the banner carousel and loads more products when scrolled to the end", async () => {
      const { page } = await open(storeUrl(FOOD), variant);
      await waitForHydration(page);
      await expect(page.getByTestId("block-banner_slider").locator(".swiper-initialized").count()).resolves.toBe(1);

      const firstPage = await texts(page, `${INFINITE_CARDS} h3`);
      expect(firstPage).toHaveLength(12);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.locator(INFINITE_CARDS).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(24);

      const loaded = await texts(page, `${INFINITE_CARDS} h3`);
      expect(loaded.slice(0, 12)).toEqual(firstPage);
      // The second page brings products that were not on the first.
      expect(new Set(loaded).size).toBe(loaded.length);
      expect(page.url()).toBe(storeUrl(FOOD));
    });
  } else {
    it("shows the banners as a static strip and pages with a plain 'Load more' link", async () => {
      const { page } = await open(storeUrl(FOOD), variant);
      await expect(page.locator(".swiper-initialized").count()).resolves.toBe(0);
      await expect(page.getByTestId("banner-strip").locator("img").count()).resolves.toBe(4);

      const firstPage = await texts(page, `${INFINITE_CARDS} h3`);
      expect(firstPage).toHaveLength(12);
      const loadMore = page.getByTestId("load-more");
      await expect(visibleText(loadMore)).resolves.toBe("Load more");
      await Promise.all([page.waitForURL("**/?page=2#all-products"), loadMore.click()]);

      const secondPage = await texts(page, `${INFINITE_CARDS} h3`);
      expect(secondPage).toHaveLength(12);
      expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
      await expect(page.getByTestId("load-more").getAttribute("href")).resolves.toBe("?page=3#all-products");
    });
  }
});
