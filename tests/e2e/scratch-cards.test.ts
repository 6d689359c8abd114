import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deliveredOrder, registeredCustomer } from "./api-steps";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { FOOD, follow, goTo, newShopper, type Shopper, submit } from "./shopper-steps";

/**
 * A delivered order's scratch card in Chromium, with and without JavaScript: the store delivers the order through its
 * API, the shopper opens /account/scratch-cards and scratches the card (the pointer wipes the foil at 1280 px, the
 * keyboard reveals it at 390 px) or, without JavaScript, presses 'Reveal'; the amount shows, and stays redeemed.
 */

/** A new customer with a cash order the store has delivered (so a card was issued), all through the API. */
async function deliveredOrderOf(shopper: Shopper): Promise<string> {
  return (await deliveredOrder(await registeredCustomer(shopper))).number;
}

/** Wipes the foil with the pointer, row by row, as a finger would. */
async function scratchWithPointer(page: Page) {
  const box = await page.getByTestId("scratch-canvas").boundingBox();
  if (!box) throw new Error("no scratch surface");
  await page.mouse.move(box.x + 4, box.y + 8);
  await page.mouse.down();
  for (let y = 8; y < box.height; y += 28) {
    await page.mouse.move(box.x + 4, box.y + y, { steps: 2 });
    await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 12 });
  }
  await page.mouse.up();
}

describe.each(VARIANTS)("scratch cards ($name)", (variant: Variant) => {
  const { open } = useBrowser();

  it("a delivered order's card is scratched (or revealed) once, and shows its amount", async () => {
    const shopper = newShopper(variant);
    const number = await deliveredOrderOf(shopper);
    const { page } = await open(storeUrl(FOOD, "/login?redirectTo=%2Faccount"), variant);
    await ready(page, variant);
    await page.getByLabel("Email or phone number").first().fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await submit(page, variant, "Sign in", "/account");
    await follow(page, variant, page.getByTestId("scratch-cards-link"), "/account/scratch-cards");

    const card = page.getByTestId("scratch-card");
    await expect.poll(() => card.count()).toBe(1);
    await expect(visibleText(card.getByRole("heading"))).resolves.toBe(`Scratch card from order ${number}`);
    await expect(card.getByTestId("scratch-amount").count()).resolves.toBe(0);
    await screenshot(page, `scratch-card-${variant.js ? "js" : "nojs"}-${variant.width}`);

    if (!variant.js) {
      await follow(page, variant, card.getByRole("button", { name: /^Reveal/ }), /\/account\/scratch-cards\?revealed=[\w-]{22}$/);
    } else {
      const surface = page.getByRole("button", { name: `Scratch card from order ${number}: scratch to reveal` });
      if (variant.width === 1280) {
        await scratchWithPointer(page);
      } else {
        await surface.focus();
        await page.keyboard.press("Enter");
      }
    }
    const added = await visibleText(card.getByTestId("scratch-added"));
    expect(added).toMatch(/^₹([1-4]\d|50) added to your rewards$/);
    const amount = added.split(" ")[0];
    await expect(visibleText(card.getByTestId("scratch-amount"))).resolves.toBe(amount);
    await screenshot(page, `scratch-card-revealed-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // Redeemed for good: the page again shows the amount and no way to scratch it twice.
    await goTo(page, variant, "/account/scratch-cards");
    await expect(page.getByTestId("scratch-card").getAttribute("data-status")).resolves.toBe("redeemed");
    await expect(visibleText(page.getByTestId("scratch-amount"))).resolves.toBe(amount);
    await expect(page.getByTestId("scratch-surface").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /^Reveal/ }).count()).resolves.toBe(0);
  }, 120_000);
});
