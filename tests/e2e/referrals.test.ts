import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cartAtHome, storeTransitions } from "./api-steps";
import { ready, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { asOwnVisitor, FOOD, fillRegistration, follow, goTo, newShopper, type Shopper, submit } from "./shopper-steps";

/**
 * Referrals, wallets and scratch cards in Chromium, with and without JavaScript (issue 13's journey): a customer finds
 * their link on /refer-a-friend; a friend opens it in another browser, is greeted with the customer's first name,
 * registers with the code filled in and is told the welcome reward comes with their first delivered order (decision
 * 038: nothing to farm at registration); the store delivers that order (its admin API), the friend scratches the
 * order's card, the welcome reward lands and pays part of the next order, and the customer's reward lands too.
 */

/** The text a shopper reads, as one line (a price is a box of its own, which innerText sets on a line). */
async function sentence(locator: Locator): Promise<string> {
  return (await visibleText(locator)).replace(/\s+/g, " ").trim();
}

async function register(page: Page, variant: Variant, shopper: Shopper) {
  await goTo(page, variant, "/register");
  await fillRegistration(page, shopper);
  await submit(page, variant, "Create account", "/account");
}

/** The session token the browser holds (HttpOnly: read from the context, as only a test can). */
async function sessionOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(storeUrl(FOOD))).find((c) => c.name === "session");
  expect(cookie).toBeDefined();
  return cookie!.value;
}

/** A row's text as one line (prices are inline blocks, which innerText puts on lines of their own). */
async function lineOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

describe.each(VARIANTS)("referrals ($name)", (variant) => {
  const { open } = useBrowser();

  it("a friend opens the customer's link, registers, gets the welcome reward with the first delivered order and pays with it; the customer's reward follows", async () => {
    const referrer = { ...newShopper(variant), name: `Meera Iyer ${variant.width}` };
    const a = await open(storeUrl(FOOD, "/"), variant);
    await asOwnVisitor(a.page);
    a.tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    await ready(a.page, variant);
    await register(a.page, variant, referrer);
    await follow(a.page, variant, a.page.getByTestId("refer-a-friend-link"), "/refer-a-friend");
    const code = await visibleText(a.page.getByTestId("referral-code"));
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = await a.page.getByTestId("referral-link").inputValue();
    expect(link).toBe(storeUrl(FOOD, `/r/${code}`));
    await expect(sentence(a.page.getByTestId("friend-gets"))).resolves.toMatch(/₹100(\.00)? in their wallet/);
    await expect(sentence(a.page.getByTestId("you-get"))).resolves.toMatch(/₹150(\.00)? in your wallet/);
    // Chromium on Linux has no share sheet, so Share is the WhatsApp link, with and without JavaScript.
    const whatsapp = await a.page.getByTestId("whatsapp-link").getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp!.split("text=")[1]!)).toContain(link);
    if (variant.js) {
      await a.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: storeUrl(FOOD).replace(/\/$/, "") });
      await a.page.getByTestId("copy-link").click();
      await a.page.getByTestId("copy-status").filter({ hasText: "Link copied." }).waitFor();
      await expect(a.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    } else {
      await expect(a.page.getByTestId("copy-link").count()).resolves.toBe(0);
    }

    // The friend, in a browser of their own.
    const friend = { ...newShopper(variant), name: "Ravi Kumar" };
    const b = await open(link, variant);
    await asOwnVisitor(b.page);
    b.tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    expect(b.response.status()).toBe(200);
    await ready(b.page, variant);
    await expect(visibleText(b.page.getByTestId("referral-greeting"))).resolves.toBe("Your friend Meera invited you");
    await follow(b.page, variant, b.page.getByTestId("referral-register"), `/register?referred_by=${code}`);
    await expect(b.page.getByLabel("Friend's referral code (optional)").inputValue()).resolves.toBe(code);
    await fillRegistration(b.page, friend);
    await submit(b.page, variant, "Create account", "/account");
    await goTo(b.page, variant, "/refer-a-friend");
    await expect(sentence(b.page.getByTestId("invited-by"))).resolves.toMatch(
      /^You joined with Meera's code: ₹100(\.00)? comes to your wallet when your first order is delivered\.$/,
    );

    // Nothing to spend yet: the friend's first order is paid on delivery.
    await goTo(b.page, variant, "/account/wallet");
    await expect(visibleText(b.page.getByTestId("wallet-balance-amount"))).resolves.toMatch(/^₹0(\.00)?$/);
    await cartAtHome(await sessionOf(b.page));
    await goTo(b.page, variant, "/checkout");
    await b.page.getByTestId("pay-cod").getByRole("radio").check();
    await follow(b.page, variant, b.page.getByTestId("place-order-button"), /\/order-placed\/[\w-]{22}$/);
    const orderId = new URL(b.page.url()).pathname.split("/").at(-1)!;

    // The store delivers it: the friend scratches the order's card, and the rewards grow.
    await storeTransitions(orderId, "delivered");
    await goTo(b.page, variant, "/account/scratch-cards");
    const card = b.page.getByTestId("scratch-card");
    if (variant.js) {
      await b.page.getByRole("button", { name: /: scratch to reveal$/ }).focus();
      await b.page.keyboard.press("Enter");
    } else {
      await follow(b.page, variant, card.getByRole("button", { name: /^Reveal/ }), /\/account\/scratch-cards\?revealed=[\w-]{22}$/);
    }
    const scratched = (await visibleText(card.getByTestId("scratch-added"))).split(" ")[0]!;
    expect(scratched).toMatch(/^₹([1-4]\d|50)$/);
    await goTo(b.page, variant, "/account/rewards");
    const rewards = Number((await visibleText(b.page.getByTestId("wallet-balance-amount"))).replace(/[^\d.]/g, ""));
    // The scratch card, and 5% of the order as the store's delivery reward.
    expect(rewards).toBeGreaterThan(Number(scratched.slice(1)));

    // The first order delivered brought the welcome reward, which pays part of the next order at checkout.
    await goTo(b.page, variant, "/refer-a-friend");
    await expect(sentence(b.page.getByTestId("invited-by"))).resolves.toMatch(
      /^You joined with Meera's code: ₹100(\.00)? was added to your wallet\.$/,
    );
    await goTo(b.page, variant, "/account/wallet");
    await expect(visibleText(b.page.getByTestId("wallet-balance-amount"))).resolves.toMatch(/^₹100(\.00)?$/);
    await cartAtHome(await sessionOf(b.page));
    await goTo(b.page, variant, "/checkout");
    await b.page.getByTestId("use-wallet").getByRole("checkbox").check();
    await b.page.getByTestId("pay-cod").getByRole("radio").check();
    await follow(b.page, variant, b.page.getByTestId("place-order-button"), /\/order-placed\/[\w-]{22}$/);
    await expect(lineOf(b.page.getByTestId("summary-paid-wallet"))).resolves.toMatch(/^Paid from wallet− ₹100(\.00)?$/);

    // The friend's first order is delivered: the customer's reward, once, in their wallet.
    await goTo(a.page, variant, "/refer-a-friend");
    await expect(visibleText(a.page.getByTestId("friends-joined"))).resolves.toBe("Friends who joined: 1. Rewards earned: 1.");
    await goTo(a.page, variant, "/account/wallet");
    await expect(visibleText(a.page.getByTestId("wallet-balance-amount"))).resolves.toMatch(/^₹150(\.00)?$/);
  }, 150_000);

  it("an unknown link says so and leads to the store; a wrong code on /register is refused beside the field", async () => {
    const { page, expectProblem, tolerateProblem } = await open(storeUrl(FOOD, "/r/ZZZZZZZZ"), variant);
    await asOwnVisitor(page);
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 404/);
    expectProblem(/^http 422: POST http:\/\/food\.localhost:\d+\/register(\.data)?(\?|$)/);
    tolerateProblem(/^console\.error: Failed to load resource: the server responded with a status of 422/, "the refusal above");
    tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    await ready(page, variant);
    await expect(visibleText(page.getByTestId("referral-invalid"))).resolves.toBe("This referral link is not valid.");
    await expect(page.getByRole("link", { name: "Go to the store" }).getAttribute("href")).resolves.toBe("/");

    await goTo(page, variant, "/register?referred_by=WRONGONE");
    await fillRegistration(page, newShopper(variant));
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(visibleText(page.getByTestId("referred_by-error"))).resolves.toBe(
      "This referral code is not valid. Check it, or leave the field empty.",
    );
  });
});
