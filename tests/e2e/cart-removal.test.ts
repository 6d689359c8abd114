import { describe, expect, it } from "vitest";
import { apiOk, FOOD, storeApi } from "./api-steps";
import { ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

// Spec section 8: "Cart removal failure | 'Error remove item from cart'".
describe.each(VARIANTS)("cart removal failure ($name)", (variant) => {
  const { open } = useBrowser();

  it("says 'Error remove item from cart' when the line is already gone", async () => {
    const guestId = crypto.randomUUID().replaceAll("-", "");
    const cart = await apiOk<{ cartItems: { id: number }[] }>(
      storeApi("POST", "/api/cart/add", { "guest-id": guestId }, { product_id: 1, quantity: 1 }),
      201,
    );
    const { page, expectProblem } = await open(storeUrl(FOOD, "/robots.txt"), variant);
    await page.context().addCookies([{ name: "guest_id", value: guestId, url: storeUrl(FOOD) }]);
    await page.goto(storeUrl(FOOD, "/cart"));
    await ready(page, variant);
    const remove = page.getByTestId("cart-page").getByTestId("remove");
    await remove.waitFor();
    // Another tab removes the line first: this page's Remove then fails.
    await apiOk(storeApi("DELETE", `/api/cart/remove/${cart.cartItems[0]!.id}`, { "guest-id": guestId }), 200);

    expectProblem(new RegExp(`^http 422: POST ${storeUrl(FOOD, "/cart").replace(/[.?+]/g, "\\$&")}(\\.data|\\?|$)`));
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 422/);
    await remove.click();
    // With JavaScript a toast (the line's fetcher), without it the page's alert.
    const notice = variant.js ? page.getByTestId("toast").first() : page.getByTestId("cart-page").getByTestId("cart-error");
    await expect(visibleText(notice)).resolves.toMatch(/^Error remove item from cart/);
  });
});
