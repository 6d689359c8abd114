import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FOOD, storeApi } from "./api-steps";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

/**
 * Adds what the product page's form has chosen and opens /cart: with JavaScript the add stays on the page and says
 * so in a toast; without it the add is POST → 303 → GET /cart.
 */
async function addAndOpenCart(page: Page, variant: { js: boolean; width: number }) {
  const add = page.getByTestId("product-page").getByTestId("product-form").getByTestId("add-to-cart");
  if (variant.js) {
    await add.click();
    await expect(visibleText(page.getByTestId("toast").first())).resolves.toMatch(/^Added to cart/);
    await page.goto(storeUrl(FOOD, "/cart"));
    await ready(page, variant);
  } else {
    await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), add.click()]);
  }
}

/**
 * Spends a guest's cart-change budget (the API's limiter, 120 a minute) from outside the browser, as a second tab
 * hammering the cart would.
 */
async function exhaustCartBudget(guestId: string): Promise<void> {
  // The limiter's window is fixed, so a burst crossing its edge starts a new count: up to two windows' worth.
  for (let i = 0; i < 241; i++) {
    const { status } = await storeApi("DELETE", "/api/cart/coupon", { "guest-id": guestId });
    if (status === 429) return;
    if (status !== 200) throw new Error(`DELETE /api/cart/coupon answered ${status}`);
  }
  throw new Error("the cart API never answered 429");
}

describe.each(VARIANTS)("cart ($name)", (variant) => {
  const { open } = useBrowser();

  it("adds from the product page, changes quantity, applies a coupon, reaches free delivery and removes", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    await ready(page, variant);
    await addAndOpenCart(page, variant);
    const cart = page.getByTestId("cart-page");
    const line = cart.getByTestId("cart-line");
    await expect(visibleText(line.getByTestId("cart-line-name"))).resolves.toBe("Paneer Tikka");
    await expect(visibleText(line.getByTestId("cart-line-quantity"))).resolves.toBe("1");
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toContain("1");
    // ₹279 of ₹499 for free delivery.
    await expect(visibleText(cart.getByTestId("delivery-message"))).resolves.toContain("₹220");

    const settle = async (action: () => Promise<unknown>) => {
      if (variant.js) await action();
      else await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), action()]);
    };

    // Two plates: ₹558, above the free-delivery threshold.
    await settle(() => cart.getByTestId("increment").click());
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("cart-line-quantity"))).toBe("2");
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("delivery-message"))).toBe("You get free delivery");

    // FEAST20: 20% of ₹558 = ₹111.60, capped at ₹100.
    await page.getByTestId("cart-page").locator("#coupon-code").fill("FEAST20");
    await settle(() => page.getByTestId("cart-page").getByTestId("apply-coupon").click());
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("applied-coupon"))).toBe("FEAST20");
    await expect(visibleText(page.getByTestId("cart-page").getByTestId("summary-order-discount"))).resolves.toContain("₹100");

    // Back to one plate: below FEAST20's ₹300 minimum, the cart says how much more is needed.
    await settle(() => page.getByTestId("cart-page").getByTestId("decrement").click());
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("cart-line-quantity"))).toBe("1");
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("coupon-message"))).toContain("₹21");

    // Decrementing below 1 removes the line.
    await settle(() => page.getByTestId("cart-page").getByTestId("decrement").click());
    await expect.poll(() => page.getByTestId("cart-page").getByTestId("cart-empty").count()).toBe(1);
    await expect(page.getByTestId("cart-count").count()).resolves.toBe(0);
  });

  it("lands an add from the options drawer or product form with its options, and removes it", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/margherita-pizza"), variant);
    await ready(page, variant);
    const form = page.getByTestId("product-page").getByTestId("product-form");
    await form.getByLabel("Large").check();
    await form.getByLabel("Garlic dip").check();
    await addAndOpenCart(page, variant);
    const line = page.getByTestId("cart-page").getByTestId("cart-line");
    await expect(visibleText(line)).resolves.toContain("Size: Large");
    await expect(visibleText(line)).resolves.toContain("Dips: Garlic dip");
    // ₹449 + ₹25.
    await expect(visibleText(line.getByTestId("price"))).resolves.toBe("₹474");
    if (variant.js) await line.getByTestId("remove").click();
    else await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), line.getByTestId("remove").click()]);
    await expect.poll(() => page.getByTestId("cart-page").getByTestId("cart-empty").count()).toBe(1);
  });

  it("lists offers with how much more each needs, and applies a coupon from there", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    await ready(page, variant);
    await addAndOpenCart(page, variant);
    await page.waitForLoadState("load");
    await expect(page.getByTestId("cart-page").getByTestId("recommended").getByTestId("product-card").count()).resolves.toBeGreaterThan(0);

    await Promise.all([
      page.waitForURL(storeUrl(FOOD, "/cart/discounts")),
      page.getByTestId("cart-page").getByRole("link", { name: "See all offers" }).click(),
    ]);
    await ready(page, variant);
    const feast = page.getByTestId("discounts-page").getByTestId("offer").filter({ hasText: "FEAST20" });
    // ₹279 in the cart, ₹300 minimum.
    await expect(visibleText(feast.getByTestId("offer-message"))).resolves.toContain("₹21");
    await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), feast.getByTestId("offer-apply").click()]);
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("applied-coupon"))).toBe("FEAST20");
  });

  it.runIf(variant.js)("shows its suggestions with the cart on a client-side navigation", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    await page.getByTestId("top-nav").getByRole("link", { name: /^Cart/ }).click();
    await page.getByTestId("cart-page").waitFor();
    // Their code is fetched beside the cart's data (hydratedLater's `early`): the cards come with the page, not after it.
    await expect(page.getByTestId("cart-page").getByTestId("recommended").getByTestId("product-card").count()).resolves.toBeGreaterThan(0);
  });

  it("chooses pickup: no delivery charge or location, the branch to collect from, and back to delivery", async () => {
    const { page } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    await ready(page, variant);
    await addAndOpenCart(page, variant);
    const cart = () => page.getByTestId("cart-page");
    // ₹279 is below free delivery: the base charge, ₹40.
    await expect(visibleText(cart().getByTestId("summary-delivery-charge"))).resolves.toContain("₹40");
    const total = await visibleText(cart().getByTestId("summary-total"));

    const choose = async (label: "Pickup" | "Delivery") => {
      await cart().getByTestId("fulfillment").getByLabel(label).check();
      const submit = cart().getByTestId("set-fulfillment");
      if (variant.js) await submit.click();
      else await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), submit.click()]);
    };
    await choose("Pickup");
    await expect.poll(() => cart().getByTestId("pickup-from").count()).toBe(1);
    await expect(visibleText(cart().getByTestId("pickup-from"))).resolves.toContain("Spice Route Kitchen - Indiranagar");
    await expect(cart().getByTestId("summary-delivery-charge").count()).resolves.toBe(0);
    await expect(cart().getByTestId("delivery-location").count()).resolves.toBe(0);
    await expect(visibleText(cart().getByTestId("summary-total"))).resolves.not.toBe(total);

    await choose("Delivery");
    await expect.poll(() => cart().getByTestId("delivery-location").count()).toBe(1);
    await expect(visibleText(cart().getByTestId("summary-total"))).resolves.toBe(total);
  });

  it("says 'Too many requests. Please try again later.' when the shopper's cart changes are throttled, and changes nothing", async () => {
    const { page, expectProblem } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    await ready(page, variant);
    await addAndOpenCart(page, variant);
    const guest = (await page.context().cookies()).find((cookie) => cookie.name === "guest_id");
    await exhaustCartBudget(guest!.value);

    // The page's action answers the refusal with 429 (Retry-After) and the spec's text.
    expectProblem(new RegExp(`^http 429: POST ${storeUrl(FOOD, "/cart").replace(/[.?+]/g, "\\$&")}(\\.data|\\?|$)`));
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 429/);
    await page.getByTestId("cart-page").getByTestId("increment").click();
    // With JavaScript a toast (the line's fetcher), without it the page's alert.
    const notice = variant.js ? page.getByTestId("toast").first() : page.getByTestId("cart-page").getByTestId("cart-error");
    await expect(visibleText(notice)).resolves.toMatch(/^Too many requests\. Please try again later\./);
    await expect.poll(() => visibleText(page.getByTestId("cart-page").getByTestId("cart-line-quantity"))).toBe("1");
    // Exhausting the budget takes up to two windows' worth of calls, one after another: more than the suite's usual 30 s
    // on a loaded machine.
  }, 60_000);
});
