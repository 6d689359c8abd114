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

/** de-DE euros with the symbol after the amount: "1.234,50 €", cents only when the price has them. */
const EUR_AFTER = /^\d{1,3}(\.\d{3})*(,\d{2})? €$/;
const DOCUMENT_404 = /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\)/;

describe.each(VARIANTS)("other stores and pages ($name)", (variant) => {
  const { open } = useBrowser();
  it("retail: its own name, theme colour and euro prices with the symbol after", async () => {
    const retail = await open(storeUrl("retail.localhost"), variant);
    expect(retail.response.status()).toBe(200);
    if (variant.js) await waitForHydration(retail.page);
    await expect(visibleText(retail.page.getByTestId("store-name"))).resolves.toBe("Northwind Outfitters");

    const food = await open(storeUrl("food.localhost"), variant);
    // storeBgColor: #0f766e for retail, #c2410c for food.
    await expect(backgroundColour(retail.page.getByTestId("top-nav"))).resolves.toBe("rgb(15, 118, 110)");
    await expect(backgroundColour(food.page.getByTestId("top-nav"))).resolves.toBe("rgb(194, 65, 12)");

    const prices = await texts(retail.page, '[data-testid="price"]');
    expect(prices.length).toBeGreaterThan(10);
    for (const price of prices) expect(price).toMatch(EUR_AFTER);
    const card = (name: string) =>
      retail.page
        .getByTestId("block-products_display")
        .getByTestId("product-card")
        .filter({ has: retail.page.getByRole("heading", { name, exact: true }) });
    await expect(visibleText(card("Essential Cotton T-Shirt").getByTestId("price"))).resolves.toBe("24,95 €");
    await expect(visibleText(card("Harbour Hoodie").getByTestId("price"))).resolves.toBe("69,95 €");
    await expect(card("Harbour Hoodie").locator("s").textContent()).resolves.toMatch(/^(was )?79,95 €$/);
    await expect(visibleText(card("Leather Chelsea Boot").getByTestId("price"))).resolves.toBe("149 €");
    await expect(horizontalOverflow(retail.page)).resolves.toBe(0);

    if (variant.js) await screenshot(retail.page, `retail-${variant.width}`);
  });

  it("new store without products: the preview home with sample content", async () => {
    const { page, response } = await open(storeUrl("new.localhost"), variant);
    expect(response.status()).toBe(200);
    if (variant.js) await waitForHydration(page);
    const preview = page.getByTestId("preview-home");
    await expect(visibleText(page.getByTestId("store-name"))).resolves.toBe("My New Store");
    await expect(preview.getByRole("link", { name: "Search for products...", exact: true }).getAttribute("href")).resolves.toBe("/search");
    await expect(visibleText(preview.getByRole("heading", { level: 1 }))).resolves.toBe("Welcome to your store!");
    // The demo store names no admin origin, so its buttons lead to the store's own desk (preview.test.ts has a store that does).
    await expect(preview.getByRole("link", { name: "Add Product", exact: true }).getAttribute("href")).resolves.toBe(
      "/admin/catalogue#products",
    );
    await expect(preview.getByRole("link", { name: "Customize theme", exact: true }).getAttribute("href")).resolves.toBe(
      "/admin/catalogue#theme",
    );

    await expect(page.getByTestId("preview-categories").getByTestId("category-tile").count()).resolves.toBe(8);
    const products = page.getByTestId("preview-products").getByTestId("sample-product");
    await expect(products.count()).resolves.toBe(5);
    // A sample's button is the owner's way to add their own products: to the desk's catalogue page.
    await expect(texts(page, '[data-testid="sample-product"] a[href="/admin/catalogue#products"]')).resolves.toEqual(
      Array(5).fill("Add to Cart"),
    );
    const popular = page.getByTestId("preview-popular");
    await expect(visibleText(popular.getByRole("heading"))).resolves.toBe("Popular Categories");
    await expect(popular.getByTestId("category-tile").count()).resolves.toBe(6);
    // The preview has no real home blocks.
    await expect(page.getByTestId("home").count()).resolves.toBe(0);
    await expect(horizontalOverflow(page)).resolves.toBe(0);

    if (variant.js) await screenshot(page, `new-${variant.width}`);
  });

  it("closed store: only the closed message, no shop", async () => {
    const { page, response } = await open(storeUrl("closed.localhost"), variant);
    expect(response.status()).toBe(200);
    await expect(visibleText(page.getByTestId("store-closed").getByRole("heading"))).resolves.toBe(
      "Sorry, we are currently not accepting orders right now. We will be back shortly.",
    );
    await expect(page.getByTestId("top-nav").count()).resolves.toBe(0);
    await expect(page.getByTestId("product-card").count()).resolves.toBe(0);
    if (variant.js) await screenshot(page, `closed-${variant.width}`);
  });

  it("unknown path on a store: the not-found page with status 404", async () => {
    const { page, response, expectProblem } = await open(storeUrl("food.localhost", "/no-such-page"), variant);
    expectProblem(DOCUMENT_404);
    expect(response.status()).toBe(404);
    await expect(visibleText(page.getByTestId("not-found").getByRole("heading"))).resolves.toBe("Page not found");
    // Still inside the store's shell, with a way back.
    await expect(visibleText(page.getByTestId("store-name"))).resolves.toBe("Spice Route Kitchen");
    await expect(page.getByTestId("not-found").getByRole("link", { name: "Back to the store" }).getAttribute("href")).resolves.toBe("/");
  });

  it("unknown host: a 404 page that names no store", async () => {
    const { page, response, expectProblem } = await open(storeUrl("unknown.localhost"), variant);
    expectProblem(DOCUMENT_404);
    expect(response.status()).toBe(404);
    await expect(page.title()).resolves.toBe("Store not found");
    await expect(visibleText(page.locator("body"))).resolves.toContain("There is no store at this address.");
    // Nothing in the document (title, meta, body) gives away which stores this server hosts.
    const html = await page.content();
    for (const name of ["Spice Route", "Northwind", "My New Store", "Closed Corner", "Hostile"]) expect(html).not.toContain(name);
  });

  it("store-owner HTML cannot run script (custom HTML block and powered-by footer)", async () => {
    const { page, dialogs } = await open(storeUrl("hostile.localhost"), variant);
    const block = page.getByTestId("block-custom_html_block");
    await expect(visibleText(block.locator("h2"))).resolves.toBe("Hello");
    await expect(block.getByText("Kept text").count()).resolves.toBe(1);
    await expect(block.locator("img").getAttribute("src")).resolves.toBe("/demo/preview/product-1.svg");

    for (const region of [block, page.getByTestId("powered-by")]) {
      await expect(region.locator("script, iframe, svg, object, embed").count()).resolves.toBe(0);
      const handlers = await region
        .locator("*")
        .evaluateAll((els) => els.flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith("on"))));
      expect(handlers).toEqual([]);
      const hrefs = await region.locator("a").evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""));
      for (const href of hrefs) expect(href).not.toMatch(/^\s*javascript:/i);
    }
    await block.getByText("click me").click();
    await page.getByText("Kept text").click();
    expect(dialogs).toEqual([]);
  });
});
