import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiOk, FOOD, storeApi } from "./api-steps";
import { type OpenedPage, ready, storeUrl, useBrowser, VARIANTS, type Variant } from "./helpers";

/**
 * Issue 40: a guest prices delivery on /cart by a pincode, a place's name or (with JavaScript) their current location,
 * and is never asked to type a latitude or longitude. The food store's main branch (Indiranagar) charges ₹40 for a
 * pincode alone, and by distance for a place: ₹25 within 3 km (Domlur), ₹45 within 6 km (Koramangala); it does not
 * deliver past 5 km (Whitefield).
 */

interface PricedGuestCart {
  delivery_charge: number;
  is_delivery_available: boolean;
}

/** A guest with Paneer Tikka (₹279, below free delivery) in the cart, on /cart. */
async function guestOnCart(open: ReturnType<typeof useBrowser>["open"], variant: Variant): Promise<OpenedPage & { guestId: string }> {
  const guestId = crypto.randomUUID().replaceAll("-", "");
  await apiOk(storeApi("POST", "/api/cart/add", { "guest-id": guestId }, { product_id: 1, quantity: 1 }), 201);
  // The cookie belongs to the store's host: a first, cookie-less answer gives the page that host.
  const opened = await open(storeUrl(FOOD, "/robots.txt"), variant);
  await opened.page.context().addCookies([{ name: "guest_id", value: guestId, url: storeUrl(FOOD, "/") }]);
  await opened.page.goto(storeUrl(FOOD, "/cart"), { waitUntil: "load" });
  await ready(opened.page, variant);
  // A place the cart cannot take is answered 422 with its message; the browser reports the status.
  opened.tolerateProblem(/status of 422|http 422: POST/, "a refused place search is answered 422 on purpose");
  return { ...opened, guestId };
}

const location = (page: Page) => page.getByTestId("cart-page").getByTestId("delivery-location");
const charge = (page: Page) => page.getByTestId("cart-page").getByTestId("summary-delivery-charge").innerText();

/** Submits one of the delivery forms and waits for the cart to show its answer (the page again, or in place). */
async function submit(page: Page, variant: Variant, button: string) {
  const click = location(page).getByTestId(button).click();
  if (variant.js) await click;
  else {
    // POST → 303 → GET /cart, or the page again with the refusal: a new document either way.
    await Promise.all([page.waitForEvent("framenavigated"), click]);
    await page.waitForLoadState("load");
  }
}

async function findPlace(page: Page, variant: Variant, name: string) {
  await location(page).getByLabel("Or find your area or street").fill(name);
  await submit(page, variant, "set-place");
}

/** The guest's cart as the API prices it, and the same place's price for another guest given its position directly. */
async function pricedLikeThePosition(guestId: string, place: string) {
  const mine = await apiOk<PricedGuestCart>(storeApi("GET", "/api/get-cart", { "guest-id": guestId }), 200);
  const found = await apiOk<{ results: { latitude: number; longitude: number }[] }>(
    storeApi("GET", `/api/google/address?q=${encodeURIComponent(place)}`, {}),
    200,
  );
  const other = crypto.randomUUID().replaceAll("-", "");
  await apiOk(storeApi("POST", "/api/cart/add", { "guest-id": other }, { product_id: 1, quantity: 1 }), 201);
  // The place's name has one match, the position the cart was priced for.
  const [match] = found.results;
  const { latitude, longitude } = match!;
  const theirs = await apiOk<PricedGuestCart>(
    storeApi("PUT", "/api/cart/delivery-location", { "guest-id": other }, { latitude, longitude }),
    200,
  );
  expect({ charge: mine.delivery_charge, served: mine.is_delivery_available }).toEqual({
    charge: theirs.delivery_charge,
    served: theirs.is_delivery_available,
  });
}

describe.each(VARIANTS)("a guest's delivery place on /cart ($name)", (variant) => {
  const { open } = useBrowser();

  it("is a pincode or a place by name, never a latitude and longitude", async () => {
    const { page, guestId } = await guestOnCart(open, variant);
    await expect(page.locator('input[name="latitude"], input[name="longitude"]').count()).resolves.toBe(0);
    await expect(
      location(page)
        .getByLabel(/latitude|longitude/i)
        .count(),
    ).resolves.toBe(0);

    await location(page).getByLabel("Pincode").fill("560038");
    await submit(page, variant, "set-location");
    await expect.poll(() => charge(page)).toContain("₹40");

    await findPlace(page, variant, "Domlur");
    await expect.poll(() => charge(page)).toContain("₹25");
    // The place's pincode is the cart's now.
    await expect.poll(() => location(page).getByLabel("Pincode").inputValue()).toBe("560071");
    await pricedLikeThePosition(guestId, "Domlur");

    await findPlace(page, variant, "Whitefield");
    await expect.poll(() => location(page).getByTestId("delivery-unavailable").count()).toBe(1);
    await pricedLikeThePosition(guestId, "Whitefield");

    // A name several places share: the shopper picks theirs.
    await findPlace(page, variant, "Bengaluru");
    const choices = location(page).getByTestId("delivery-place-choices");
    await choices.waitFor();
    const koramangala = choices.getByRole("button", { name: /^Koramangala/ });
    if (variant.js) await koramangala.click();
    else await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), koramangala.click()]);
    await expect.poll(() => charge(page)).toContain("₹45");
    await expect(location(page).getByTestId("delivery-place-choices").count()).resolves.toBe(0);
  });

  it("says so in place when no place has that name, and keeps the cart and what was typed", async () => {
    const { page } = await guestOnCart(open, variant);
    await findPlace(page, variant, "Domlur");
    await expect.poll(() => charge(page)).toContain("₹25");

    await findPlace(page, variant, "Atlantis");
    const message = location(page).getByTestId("delivery-place-message");
    await expect.poll(() => message.innerText()).toBe("No place was found by that name. Try an area or a pincode.");
    await expect(location(page).getByLabel("Or find your area or street").inputValue()).resolves.toBe("Atlantis");
    await expect(charge(page)).resolves.toContain("₹25");
    await expect(page.getByTestId("cart-page").getByTestId("cart-error").count()).resolves.toBe(0);

    // Junk the browser lets through: one character is the geocoder's own message, blanks the form's.
    await findPlace(page, variant, "x");
    await expect.poll(() => message.innerText()).toBe("Type at least 2 characters.");
    // Spaces pass the field's `required`; the server trims them to nothing.
    await findPlace(page, variant, "   ");
    await expect.poll(() => message.innerText()).toBe("Type your area or street, then search.");
    await expect(charge(page)).resolves.toContain("₹25");
  });

  it("offers 'Use my current location' with JavaScript only, and prices the cart for where the device is", async () => {
    const { page, guestId } = await guestOnCart(open, variant);
    const button = location(page).getByRole("button", { name: "Use my current location" });
    if (!variant.js) {
      await expect(button.count()).resolves.toBe(0);
      return;
    }
    await page.context().grantPermissions(["geolocation"], { origin: new URL(storeUrl(FOOD)).origin });
    // Koramangala, 4 km from the Indiranagar kitchen.
    await page.context().setGeolocation({ latitude: 12.9352, longitude: 77.6245 });
    await button.click();
    await expect.poll(() => charge(page)).toContain("₹45");
    await pricedLikeThePosition(guestId, "Koramangala");
  });
});
