import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { FOOD, follow, goTo, storeApi } from "./shopper-steps";

/**
 * Rewards in Chromium, with and without JavaScript: a customer's delivered order (placed and delivered through the
 * API, as the store's system would) earns a reward; the customer finds it on /account/rewards, pays part of the next
 * order with it at /checkout, and the order's bill says so.
 */

const ADDRESS = {
  name: "Ravi Wallet",
  phone: "+91 98000 00002",
  line1: "12, Rewards Road",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560038",
  latitude: 12.9784,
  longitude: 77.6408,
  label: "Home",
};

let registered = 0;

/** A new customer with a saved address and one paneer tikka in the cart, priced there; answers their token and total. */
async function customerWithCart(): Promise<{ token: string; addressId: number; total: number }> {
  const unique = `${Date.now()}${registered++}`;
  const answer = await storeApi(
    "POST",
    "/api/register",
    {},
    { name: "Ravi Wallet", email: `wallet-${unique}@example.com`, phone: `8${unique.slice(-9)}`, password: "correct horse battery" },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  const token = (answer.json as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };
  const saved = await storeApi("POST", "/api/address/add", auth, ADDRESS);
  expect(saved.status, JSON.stringify(saved.json)).toBe(201);
  const addressId = Math.max(...(saved.json as { addresses: { id: number }[] }).addresses.map((a) => a.id));
  return { token, addressId, total: await fillCart(token, addressId) };
}

async function fillCart(token: string, addressId: number): Promise<number> {
  const auth = { Authorization: `Bearer ${token}` };
  expect((await storeApi("POST", "/api/cart/add", auth, { product_id: 1, quantity: 1 })).status).toBe(201);
  const priced = await storeApi("PUT", "/api/cart/delivery-location", auth, { address_id: addressId });
  expect(priced.status, JSON.stringify(priced.json)).toBe(200);
  return (priced.json as { total: number }).total;
}

/** A cash order of the cart, delivered by the store (its admin API key): it earns the store's 5% reward. */
async function deliveredOrder(token: string, addressId: number, total: number): Promise<number> {
  const body = { fulfillment: "delivery", address_id: addressId, payment_method: "cod", expected_total: total };
  const placed = await storeApi(
    "POST",
    "/api/place-order",
    { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID() },
    body,
  );
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  const orderId = (placed.json as { order: { id: string } }).order.id;
  const moved = await storeApi(
    "POST",
    `/api/admin/orders/${orderId}/status`,
    { Authorization: `Bearer ${inject("foodStoreKey")}` },
    { status: "delivered" },
  );
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  return Math.floor(total * 5) / 100;
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
    const me = await customerWithCart();
    const reward = await deliveredOrder(me.token, me.addressId, me.total);
    expect(reward).toBeGreaterThan(0);

    const page = await openSignedIn(open, variant, me.token, "/account");
    await follow(page, variant, page.getByTestId("rewards-link"), "/account/rewards");
    await expect(visibleText(page.getByTestId("wallet-balance-amount"))).resolves.toBe(rupees(reward));
    await expect(visibleText(page.getByTestId("wallet-entry-text"))).resolves.toMatch(/^Reward for order SRK-\d+$/);
    await expect(visibleText(page.getByTestId("wallet-entry-lapse"))).resolves.toMatch(/^Lapses \d{1,2} \w+ \d{4}$/);
    await expect(visibleText(page.getByTestId("how-to-earn"))).resolves.toContain(
      "Every delivered order earns 5% of its total as rewards.",
    );
    await screenshot(page, `rewards-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // The next order: rewards pay up to the store's ₹50 cap, here all of the reward; cash pays the rest.
    const total = await fillCart(me.token, me.addressId);
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
