import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

const FOOD = "food.localhost";

/**
 * A page served from the anonymous page cache (decision 035) works as the page it was rendered from: its scripts run
 * under the answer's own CSP nonce (a mismatch is a console error, which fails the test), it hydrates, and what the
 * shopper does next is theirs alone.
 */
describe.each(VARIANTS)("a kept catalogue page ($name)", (variant) => {
  const { open } = useBrowser();

  it("is served to the next visitor, hydrates under its own nonce, and adding to the cart leaves it for others", async () => {
    // An address of this test's own (the query is part of the key): a copy an earlier test kept could expire
    // (PAGE_TTL_SECONDS) between two of these visits.
    const address = storeUrl(FOOD, `/product/paneer-tikka?visit=${crypto.randomUUID()}`);
    const first = await open(address, variant);
    expect(first.response.headers()["x-page-cache"]).toBe("miss");
    const { page, response } = await open(address, variant);
    expect(response.headers()["x-page-cache"]).toBe("hit");
    await ready(page, variant);
    await expect(visibleText(page.getByRole("heading", { level: 1 }))).resolves.toBe("Paneer Tikka");

    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.getByTestId("cart-count").waitFor();
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toBe("1");

    // Someone else, at the same address a moment later: the kept page, with an empty badge.
    const other = await open(address, variant);
    expect(other.response.headers()["x-page-cache"]).toBe("hit");
    await expect(other.page.getByTestId("cart-count").count()).resolves.toBe(0);
  });
});
