import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ready, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";

const FOOD = "food.localhost";
/** A real 1×1 PNG for the avatar upload. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let n = 0;
function newShopper(variant: Variant) {
  n++;
  const unique = `${Date.now() % 1e7}${n}`.padStart(8, "0");
  return {
    name: `Asha ${variant.width}`,
    email: `asha.${unique}.${variant.js ? "js" : "nojs"}@example.com`,
    phone: `+9198${unique}`,
    password: "a long enough password",
  };
}

/** Submits with the button and waits for where the form leads (with JavaScript, a client navigation; without, a page). */
async function submit(page: Page, variant: Variant, button: string, to: RegExp | string) {
  await Promise.all([
    page.waitForURL(typeof to === "string" ? storeUrl(FOOD, to) : to),
    page.getByRole("button", { name: button }).click(),
  ]);
  await ready(page, variant);
}

async function goTo(page: Page, variant: Variant, path: string) {
  await page.goto(storeUrl(FOOD, path));
  await ready(page, variant);
}

describe.each(VARIANTS)("accounts ($name)", (variant) => {
  const { open } = useBrowser();

  it("registers keeping the guest cart, signs out, signs in, and edits the profile with an avatar", async () => {
    const shopper = newShopper(variant);
    const { page, expectProblem, tolerateProblem } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    // The refused sign-in and the refused details are 422 answers, as they should be.
    expectProblem(/^http 422: POST http:\/\/food\.localhost:\d+\/login(\.data)?(\?|$)/);
    expectProblem(/^http 422: POST http:\/\/food\.localhost:\d+\/account\/edit-profile(\.data)?(\?|$)/);
    tolerateProblem(/^console\.error: Failed to load resource: the server responded with a status of 422/, "the refusals above");
    tolerateProblem(/^requestfailed: GET .*\.(svg|js) net::ERR_ABORTED$/, "images and scripts of a page the test leaves mid-load");
    await ready(page, variant);
    const add = page.getByTestId("product-page").getByTestId("product-form").getByTestId("add-to-cart");
    if (variant.js) {
      await add.click();
      await expect(visibleText(page.getByTestId("toast").first())).resolves.toMatch(/^Added to cart/);
    } else {
      await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), add.click()]);
    }

    await goTo(page, variant, "/register");
    await page.getByLabel("Name").fill(shopper.name);
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Phone number").fill(shopper.phone);
    await page.getByLabel(/^Password/).fill(shopper.password);
    await submit(page, variant, "Create account", "/account");
    await expect(visibleText(page.getByTestId("account-name"))).resolves.toBe(shopper.name);
    await expect(visibleText(page.getByTestId("account-link"))).resolves.toBe("Account");
    // The guest's cart came along.
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toBe("1");

    await submit(page, variant, "Sign out", "/");
    await expect(visibleText(page.getByTestId("account-link"))).resolves.toBe("Sign in");

    await goTo(page, variant, "/login");
    await page.getByLabel("Email or phone number").fill(shopper.email);
    await page.getByLabel("Password").fill("not the password");
    await Promise.all([page.getByTestId("form-error").waitFor(), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
    await expect(visibleText(page.getByTestId("form-error"))).resolves.toBe(
      "That email or phone number and password do not match an account.",
    );
    // What was typed is still there; the password is not.
    await expect(page.getByLabel("Email or phone number").inputValue()).resolves.toBe(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await submit(page, variant, "Sign in", "/account");
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toBe("1");

    await goTo(page, variant, "/account/edit-profile");
    // The browser checks an email's form itself; a phone number's is the store's to check.
    await page.getByLabel("Phone number").fill("12");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(visibleText(page.getByTestId("phone-error"))).resolves.toBe("Enter a valid phone number.");
    await page.getByLabel("Phone number").fill(shopper.phone);
    await page.getByLabel("Name").fill(`${shopper.name} <b>K</b>`);
    await submit(page, variant, "Save details", "/account/edit-profile?saved=details");
    await expect(visibleText(page.getByTestId("form-notice"))).resolves.toBe("Your details are saved.");

    await page.getByLabel(/^Picture/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await submit(page, variant, "Upload picture", "/account/edit-profile?saved=avatar");
    await goTo(page, variant, "/account");
    await expect(visibleText(page.getByTestId("account-name"))).resolves.toBe(`${shopper.name} <b>K</b>`);
    const avatar = page.getByTestId("avatar");
    await expect(avatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(1);
  }, 120_000);
});
