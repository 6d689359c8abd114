import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiOk, FOOD, storeApi } from "./api-steps";
import { storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { addToCart, goTo } from "./shopper-steps";

/**
 * Products a branch does not sell (stores/food.json: Mutton Biryani is not sold at branch 3, Jayanagar), and the cart
 * following the shopper to another branch: a line the new branch does not sell is marked and left out of the total.
 */

const JAYANAGAR = 3;

/** The shopper's guest id, from the cookie their first add set. */
async function guestIdOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(storeUrl(FOOD, "/"))).find((c) => c.name === "guest_id");
  if (!cookie) throw new Error("no guest_id cookie");
  return cookie.value;
}

/**
 * Chooses the branch as the location page does once it exists: the API moves the cart (the call's branch_id is the
 * branch left), the cookie names the new branch.
 */
async function chooseBranch(page: Page, from: number, to: number) {
  const guest = await guestIdOf(page);
  await apiOk(storeApi("POST", `/api/select-branch?branch_id=${from}`, { "guest-id": guest }, { branch_id: to }), 200);
  await page.context().addCookies([{ name: "branch_id", value: String(to), url: storeUrl(FOOD, "/") }]);
}

/** Opens `path` once the page in view has finished loading (leaving earlier would abort its pictures mid-load). */
async function visit(page: Page, variant: Variant, path: string) {
  await page.waitForLoadState("networkidle");
  await goTo(page, variant, path);
}

describe.each(VARIANTS)("branch availability ($name)", (variant) => {
  const { open } = useBrowser();

  it("marks a cart line the new branch does not sell and leaves it out of the total", async () => {
    // The shopper starts at the main branch, as if they had chosen it (the cookie belongs to the store's host).
    const { page } = await open(storeUrl(FOOD, "/robots.txt"), variant);
    await page.context().addCookies([{ name: "branch_id", value: "1", url: storeUrl(FOOD, "/") }]);
    await visit(page, variant, "/product/mutton-biryani");
    await addToCart(page, variant);
    await visit(page, variant, "/product/butter-naan");
    await addToCart(page, variant);
    await visit(page, variant, "/cart");
    const cart = page.getByTestId("cart-page");
    await expect(visibleText(cart.getByTestId("summary-subtotal"))).resolves.toContain("₹504");

    await chooseBranch(page, 1, JAYANAGAR);
    await visit(page, variant, "/cart");
    const lines = cart.getByTestId("cart-line");
    await expect(lines.count()).resolves.toBe(2);
    const mutton = lines.filter({ hasText: "Mutton Biryani" });
    await expect(visibleText(mutton.getByTestId("cart-line-unavailable"))).resolves.toBe("Not available at this branch");
    await expect(mutton.getByTestId("remove").isVisible()).resolves.toBe(true);
    await expect(lines.filter({ hasText: "Butter Naan" }).getByTestId("cart-line-unavailable").count()).resolves.toBe(0);
    // Only the naan counts: ₹55.
    await expect(visibleText(cart.getByTestId("summary-subtotal"))).resolves.toContain("₹55");
    await expect(visibleText(cart.getByTestId("cart-unavailable-notice"))).resolves.toContain("Remove them to check out");

    // Its page still opens (a shared link) and says where it is not sold, with nothing to add.
    await visit(page, variant, "/product/mutton-biryani");
    await expect(visibleText(page.getByTestId("product-page").getByTestId("product-unavailable"))).resolves.toBe(
      "Not available at Spice Route Kitchen - Jayanagar",
    );
    await expect(page.getByTestId("product-page").getByTestId("add-to-cart").count()).resolves.toBe(0);

    // Removing the line leaves a cart the shopper can check out.
    await visit(page, variant, "/cart");
    const remove = cart.getByTestId("cart-line").filter({ hasText: "Mutton Biryani" }).getByTestId("remove");
    if (variant.js) await remove.click();
    else await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), remove.click()]);
    await expect.poll(() => page.getByTestId("cart-page").getByTestId("cart-line").count()).toBe(1);
    await expect(page.getByTestId("cart-page").getByTestId("cart-unavailable-notice").count()).resolves.toBe(0);
  });

  it("leaves the product out of the branch's category page and home blocks", async () => {
    const { page } = await open(storeUrl(FOOD, "/robots.txt"), variant);
    await page.context().addCookies([{ name: "branch_id", value: String(JAYANAGAR), url: storeUrl(FOOD, "/") }]);
    await visit(page, variant, "/category/biryani");
    const category = page.getByTestId("category-page");
    await expect(visibleText(category)).resolves.toContain("Veg Dum Biryani");
    await expect(category.getByText("Mutton Biryani").count()).resolves.toBe(0);
    await visit(page, variant, "/");
    await expect(visibleText(page.getByTestId("home").first())).resolves.toContain("Veg Dum Biryani");
    await expect(page.getByTestId("home").first().getByText("Mutton Biryani").count()).resolves.toBe(0);

    await page.context().addCookies([{ name: "branch_id", value: "1", url: storeUrl(FOOD, "/") }]);
    await visit(page, variant, "/category/biryani");
    await expect(visibleText(page.getByTestId("category-page"))).resolves.toContain("Mutton Biryani");
  });
});
