import { describe, expect, it } from "vitest";
import { FOOD } from "./api-steps";
import { expectAccessible } from "./axe";
import { ready, storeUrl, useBrowser, VARIANTS, type Variant } from "./helpers";
import { builtRouteIds, type Example, ROUTES, visitAs } from "./page-examples";

/** The pages of product cards, and the home and the cart beside them, whose outline is checked rule by rule. */
const HEADING_PAGES: Example[] = [
  { path: "/category/pizzas", who: "guest" },
  { path: "/search?q=biryani", who: "guest" },
  { path: "/", who: "guest" },
  { path: "/", who: "guest", host: "retail.localhost" },
  { path: "/cart", who: "guest with cart" },
];

/** The home page of each demo store besides the food store's (which the route table covers). */
const OTHER_HOMES = ["retail.localhost", "new.localhost", "souq.localhost"];

describe("every page route has an example page", () => {
  it("covers the built route manifest", () => {
    expect(builtRouteIds().sort()).toEqual(Object.keys(ROUTES).sort());
  });
});

describe.each(VARIANTS)("accessibility ($name)", (variant: Variant) => {
  const { open } = useBrowser();

  const visit = (host: string, example: Example) => visitAs(open, variant, host, example);

  for (const [route, example] of Object.entries(ROUTES)) {
    if (!example) continue;
    it(`${route} (${example.path})`, async () => {
      const { page } = await visit(example.host ?? FOOD, example);
      await expectAccessible(page, variant, `${example.path} (${variant.name})`);
    });
  }

  it("the unserviceable screen", async () => {
    const { page } = await visit(FOOD, { path: "/", who: "visitor no branch delivers to" });
    await page.getByTestId("unserviceable").waitFor();
    await expectAccessible(page, variant, `unserviceable home (${variant.name})`);
  });

  for (const host of OTHER_HOMES) {
    it(`home of ${host}`, async () => {
      const { page } = await visit(host, { path: "/", who: "guest" });
      await expectAccessible(page, variant, `${host} home (${variant.name})`);
    });
  }

  // Outside checkers (axe's heading-order, Lighthouse) read the outline: a page's headings never skip a level.
  for (const example of HEADING_PAGES) {
    it(`headings in order on ${example.host ?? FOOD}${example.path}`, async () => {
      const { page } = await visit(example.host ?? FOOD, example);
      await expectAccessible(page, variant, `heading order of ${example.path} (${variant.name})`, ["heading-order"]);
    });
  }

  it.runIf(variant.js)("options drawer open", async () => {
    const { page } = await visit(FOOD, { path: "/category/pizzas", who: "guest" });
    const card = page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Margherita Pizza" });
    await card.getByTestId("card-add-to-cart").click();
    await page.getByRole("dialog", { name: "Product options" }).getByTestId("product-form").waitFor();
    await expectAccessible(page, variant, `options drawer (${variant.name})`);
  });

  it.runIf(variant.js)("location drawer open, with a place looked up", async () => {
    const { page } = await visit(FOOD, { path: "/", who: "guest" });
    await page.getByTestId("change-location").click();
    const drawer = page.getByRole("dialog", { name: "Change location" });
    await drawer.getByLabel("Area, street or pincode").fill("Koramangala");
    await drawer.getByRole("button", { name: "Search" }).click();
    await drawer.getByTestId("places-found").getByRole("button").first().click();
    await drawer.getByTestId("place-verdict").waitFor();
    await expectAccessible(page, variant, `location drawer (${variant.name})`);
  });
});

describe.each(VARIANTS.filter((v) => v.js))("keyboard ($name)", (variant) => {
  const { open } = useBrowser();

  it("reaches the skip link first and lands in the page's main content", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Skip to main content");
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
  });

  it("gives focus back to the product card's button when the options drawer closes", async () => {
    const { page } = await open(storeUrl(FOOD, "/category/pizzas"), variant);
    await ready(page, variant);
    const button = page
      .getByTestId("category-page")
      .getByTestId("product-card")
      .filter({ hasText: "Margherita Pizza" })
      .getByTestId("card-add-to-cart");
    await button.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Product options" });
    await drawer.getByTestId("product-form").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it.runIf(variant.width > 768)("gives focus back to the link that opened a route dialog", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    const link = page.getByTestId("top-nav").getByRole("link", { name: "Sign in" });
    await link.focus();
    await Promise.all([page.waitForURL("**/login"), page.keyboard.press("Enter")]);
    await page.locator('[data-testid="route-dialog"]').waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(storeUrl(FOOD, "/"));
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/login");
  });
});
