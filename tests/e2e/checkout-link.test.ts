import { describe, expect, it } from "vitest";
import { agentCheckoutLink } from "./api-steps";
import { expectAccessible } from "./axe";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";
import { asOwnVisitor, deliverToNewAddress, FOOD, fillRegistration, follow, newShopper, placeAndPay, submit } from "./shopper-steps";

/**
 * An agent's cart reaches a person's browser (decision 090): the agent fills a guest cart over the API and makes a
 * checkout link; the person opens it (JavaScript on and off), sees what it carries, presses the one button, signs up on
 * the way to /checkout, finds the lines there and pays with the test gateway. The used link then says so.
 */

// Margherita Pizza, Large and Thin with a garlic dip (₹474); Paneer Tikka (₹279).
const PIZZA = { product_id: 26, quantity: 1, selected_attributes: { 2601: 2612, 2602: 2614 }, selected_multi_attributes: { 2670: [2675] } };
const PANEER = { product_id: 1, quantity: 2 };

describe.each(VARIANTS.filter((variant) => (variant.width === 1280) === variant.js))("a checkout link ($name)", (variant) => {
  const { open } = useBrowser();

  it("opens with the agent's lines, which one press takes to a checkout the shopper pays; then it is used", async () => {
    const token = await agentCheckoutLink([PIZZA, PANEER]);
    const path = `/checkout/continue/${token}`;
    const { page, tolerateProblem, expectProblem } = await open(storeUrl(FOOD, path), variant);
    // This shopper registers: one visitor among many, not one more account from the suite's loopback address.
    await asOwnVisitor(page);
    tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    await ready(page, variant);

    // What the link carries, shown as often as it is opened (a chat app's preview fetches it too): nothing is used up.
    for (let visit = 0; visit < 2; visit++) {
      if (visit === 1) {
        await page.reload();
        await ready(page, variant);
      }
      const items = page.getByTestId("link-items").locator("li");
      await expect(items.count()).resolves.toBe(2);
      await expect(visibleText(items.nth(0))).resolves.toMatch(
        /^1 × Margherita Pizza\s*Size: Large · Crust: Thin · Dips: Garlic dip\s*₹474$/,
      );
      await expect(visibleText(items.nth(1))).resolves.toMatch(/^2 × Paneer Tikka\s*₹558$/);
      await expect(visibleText(page.getByTestId("checkout-link-branch"))).resolves.toContain("at Spice Route Kitchen - Indiranagar.");
      await page.getByTestId("link-bill").getByTestId("summary-total").waitFor();
    }
    await expectAccessible(page, variant, `checkout link (${variant.name})`);
    await screenshot(page, `checkout-link-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // The one press: a guest is asked to sign in on the way to /checkout, creates an account, and the lines come along.
    await follow(page, variant, page.getByTestId("continue-to-checkout"), /\/login\?redirectTo=%2Fcheckout$/);
    await follow(page, variant, page.getByRole("link", { name: "Create an account" }), /\/register\?redirectTo=%2Fcheckout$/);
    await fillRegistration(page, newShopper(variant));
    await submit(page, variant, "Create account", "/checkout");
    await page.getByTestId("checkout-page").waitFor();
    const lines = page.getByTestId("checkout-item");
    await expect(lines.count()).resolves.toBe(2);
    await expect(visibleText(lines.nth(0))).resolves.toMatch(/^Margherita Pizza × 1/);
    await expect(visibleText(lines.nth(1))).resolves.toMatch(/^Paneer Tikka × 2/);

    // Delivered to an address added from checkout, and paid online on the test gateway.
    await deliverToNewAddress(page, variant, "Flat 7, Agent Lane");
    const order = await placeAndPay(page, variant);
    await expect(visibleText(page.getByTestId("order-placed-heading"))).resolves.toBe(`Thank you! Your order ${order.number} is placed.`);
    await expect(visibleText(page.getByTestId("order-payment"))).resolves.toBe("Online payment · Paid");

    // The link worked once: opened again, it says it was used, with ways on (a 410 the browser reports).
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 410/);
    expectProblem(/^http 410: GET http:\/\/food\.localhost:\d+\/checkout\/continue\/[\w-]{43}$/);
    const again = await page.goto(storeUrl(FOOD, path));
    expect(again?.status()).toBe(410);
    await ready(page, variant);
    const gone = page.getByTestId("checkout-link-page");
    await expect(visibleText(gone.getByRole("heading", { level: 1 }))).resolves.toBe("This link has expired or was already used");
    await gone.getByRole("link", { name: "See your cart" }).waitFor();
    await expectAccessible(page, variant, `used checkout link (${variant.name})`);
  }, 120_000);
});
