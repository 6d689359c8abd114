import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { asOwnVisitor, FOOD, fillRegistration, follow, goTo, newShopper, submit } from "./shopper-steps";

/**
 * The wishlist in Chromium, with and without JavaScript: a guest's heart asks them to sign in and brings them back
 * (nothing is added for them), a signed-in shopper hearts the product on its page, finds it on a card and in
 * /account/wishlist, adds it to the cart from there, and removes it.
 */

const PRODUCT = "/product/paneer-tikka";

/** The product page's own heart (on desktop the home page's cards are under the dialog, with hearts of their own). */
function pageHeart(page: Page, pressed: boolean) {
  const name = pressed ? "Remove Paneer Tikka from wishlist" : "Add Paneer Tikka to wishlist";
  return page.getByTestId("product-page").getByRole("button", { name, pressed, exact: true });
}

/** Presses a heart: with JavaScript it changes on the spot; without, the form posts and the page comes back. */
async function press(page: Page, variant: Variant, heart: ReturnType<typeof pageHeart>, path: string) {
  if (variant.js) await heart.click();
  else await follow(page, variant, heart, path);
}

describe.each(VARIANTS)("wishlist ($name)", (variant) => {
  const { open } = useBrowser();

  it("a guest's heart leads to sign-in and back; a customer hearts a product, finds it in the wishlist, adds it to the cart and removes it", async () => {
    const shopper = newShopper(variant);
    const { page, tolerateProblem } = await open(storeUrl(FOOD, PRODUCT), variant);
    // This shopper registers: one visitor among many, not one more account from the suite's loopback address.
    await asOwnVisitor(page);
    tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    await ready(page, variant);

    // A guest is asked to sign in (here: to create an account) and comes back to the product, not yet wishlisted.
    await follow(page, variant, pageHeart(page, false), `/login?redirectTo=${encodeURIComponent(PRODUCT)}`);
    await follow(page, variant, page.getByRole("link", { name: "Create an account" }), /\/register\?redirectTo=%2Fproduct%2Fpaneer-tikka$/);
    await fillRegistration(page, shopper);
    await submit(page, variant, "Create account", PRODUCT);
    await pageHeart(page, false).waitFor();

    await press(page, variant, pageHeart(page, false), PRODUCT);
    await pageHeart(page, true).waitFor();
    await screenshot(page, `wishlist-heart-${variant.js ? "js" : "nojs"}-${variant.width}`);
    // The state is the server's: it is there on a fresh load, and on the product's card in its category.
    await goTo(page, variant, PRODUCT);
    await pageHeart(page, true).waitFor();
    await goTo(page, variant, "/category/starters");
    const card = page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Paneer Tikka" });
    await card.getByRole("button", { name: "Remove Paneer Tikka from wishlist", pressed: true }).waitFor();
    await page.getByTestId("category-page").getByRole("button", { name: "Add Chicken 65 to wishlist", pressed: false }).waitFor();

    // The wishlist, from the account page.
    await goTo(page, variant, "/account");
    await follow(page, variant, page.getByTestId("wishlist-link"), "/account/wishlist");
    const item = page.getByTestId("wishlist-item").filter({ hasText: "Paneer Tikka" });
    // With JavaScript the address changes before React commits the list; wait for the item, then count.
    await item.waitFor();
    await expect(page.getByTestId("wishlist-item").count()).resolves.toBe(1);
    await screenshot(page, `wishlist-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // Add to Cart from the list: on the spot with JavaScript, through /cart without.
    if (variant.js) {
      await item.getByTestId("card-add-to-cart").click();
      await expect(visibleText(page.getByTestId("toast").first())).resolves.toMatch(/^Paneer Tikka added to cart/);
    } else {
      await follow(page, variant, item.getByTestId("card-add-to-cart"), "/cart");
      await page.getByTestId("cart-line").filter({ hasText: "Paneer Tikka" }).waitFor();
      await goTo(page, variant, "/account/wishlist");
    }
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toBe("1");

    // Remove: gone from the list, and the heart is empty again.
    if (variant.js) await item.getByRole("button", { name: "Remove Paneer Tikka from wishlist" }).click();
    else await follow(page, variant, item.getByRole("button", { name: "Remove Paneer Tikka from wishlist" }), "/account/wishlist");
    await item.waitFor({ state: "detached" });
    if (!variant.js) await page.getByText("Your wishlist is empty.").waitFor();
    await goTo(page, variant, PRODUCT);
    await pageHeart(page, false).waitFor();
  });
});
