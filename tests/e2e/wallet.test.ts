import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addToCartAt, cartAtHome, type PricedCart, placedOrder, registeredCustomer, storeTransitions } from "./api-steps";
import { screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { FOOD, follow, goTo } from "./shopper-steps";

/**
 * Rewards in Chromium, with and without JavaScript: a customer's delivered order (placed and delivered through the
 * API, as the store's system would) earns a reward; the customer finds it on /account/rewards, pays part of the next
 * order with it at /checkout, and the order's bill says so.
 */

/** A cash order of the cart, delivered by the store: it earns the store's 5% reward, which this answers. */
async function deliveredCart(token: string, cart: PricedCart): Promise<number> {
  const order = await placedOrder(token, cart, "cod");
  await storeTransitions(order.id, "delivered");
  return Math.floor(cart.total * 5) / 100;
}

/** Opens `path` signed in as the customer (the session cookie the pages read). */
async function openSignedIn(open: ReturnType<typeof useBrowser>["open"], variant: Variant, token: string, path: string): Promise<Page> {
  const { page } = await open(storeUrl(FOOD, "/robots.txt"), variant);
  await page.context().addCookies([{ name: "session", value: token, url: storeUrl(FOOD, "/") }]);
  await goTo(page, variant, path);
  return page;
}

const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

/** A row's text as one line (prices are inline blocks, which innerText puts on lines of their own). */
async function lineOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

describe.each(VARIANTS)("rewards ($name)", (variant) => {
  const { open } = useBrowser();

  it("a delivered order's reward shows on /account/rewards and pays part of the next order", async () => {
    const token = await registeredCustomer();
    const cart = await cartAtHome(token);
    const reward = await deliveredCart(token, cart);
    expect(reward).toBeGreaterThan(0);

    const page = await openSignedIn(open, variant, token, "/account");
    await follow(page, variant, page.getByTestId("rewards-link"), "/account/rewards");
    await expect(visibleText(page.getByTestId("wallet-balance-amount"))).resolves.toBe(rupees(reward));
    await expect(visibleText(page.getByTestId("wallet-entry-text"))).resolves.toMatch(/^Reward for order SRK-\d+$/);
    await expect(visibleText(page.getByTestId("wallet-entry-lapse"))).resolves.toMatch(/^Lapses \d{1,2} \w+ \d{4}$/);
    await expect(visibleText(page.getByTestId("how-to-earn"))).resolves.toContain(
      "Every delivered order earns 5% of its total as rewards.",
    );
    await screenshot(page, `rewards-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // The next order: rewards pay up to the store's ₹50 cap, here all of the reward; cash pays the rest.
    const total = await addToCartAt(token, cart.addressId);
    await goTo(page, variant, "/checkout");
    await expect(lineOf(page.getByTestId("use-reward"))).resolves.toBe(`Use rewards (up to ${rupees(reward)})`);
    await page.getByTestId("use-reward").getByRole("checkbox").check();
    const rest = Math.round((total - reward) * 100) / 100;
    if (variant.js) await expect(lineOf(page.getByTestId("wallet-to-pay"))).resolves.toBe(`To pay${rupees(rest)}`);
    await page.getByTestId("pay-cod").getByRole("radio").check();
    await follow(page, variant, page.getByTestId("place-order-button"), /\/order-placed\/[\w-]{22}$/);
    await expect(lineOf(page.getByTestId("summary-paid-rewards"))).resolves.toBe(`Paid from rewards− ${rupees(reward)}`);
    await expect(lineOf(page.getByTestId("summary-to-pay"))).resolves.toBe(`To pay${rupees(rest)}`);
    await expect(visibleText(page.getByTestId("order-payment"))).resolves.toBe("Cash on delivery");

    // The rewards page shows it spent.
    await goTo(page, variant, "/account/rewards");
    await expect(visibleText(page.getByTestId("wallet-balance-amount"))).resolves.toBe("₹0");
    await expect(visibleText(page.getByTestId("wallet-entry-text").first())).resolves.toMatch(/^Paid for order SRK-\d+$/);
  }, 120_000);
});
