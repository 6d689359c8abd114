import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import {
  addToCart,
  asOwnVisitor,
  FOOD,
  fillAddress,
  fillRegistration,
  goTo,
  latestMessage,
  navSays,
  newShopper,
  type Shopper,
  submit,
  type TypedAddress,
} from "./shopper-steps";

/** A real 1×1 PNG for the avatar upload. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function register(page: Page, variant: Variant, shopper: Shopper) {
  await goTo(page, variant, "/register");
  await fillRegistration(page, shopper);
  await submit(page, variant, "Create account", "/account");
}

async function addAddress(page: Page, variant: Variant, address: TypedAddress) {
  await goTo(page, variant, "/account/add-address");
  await fillAddress(page, address);
  await submit(page, variant, "Save address", "/account/addresses");
}

describe.each(VARIANTS)("accounts ($name)", (variant) => {
  const { open } = useBrowser();

  it("registers keeping the guest cart, signs out, signs in, and edits the profile with an avatar", async () => {
    const shopper = newShopper(variant);
    const { page, expectProblem, tolerateProblem } = await open(storeUrl(FOOD, "/product/paneer-tikka"), variant);
    await asOwnVisitor(page);
    await ready(page, variant);
    await addToCart(page, variant);
    // The refused sign-in and the refused details are 422 answers, as they should be.
    expectProblem(/^http 422: POST http:\/\/food\.localhost:\d+\/login(\.data)?(\?|$)/);
    expectProblem(/^http 422: POST http:\/\/food\.localhost:\d+\/account\/edit-profile(\.data)?(\?|$)/);
    tolerateProblem(/^console\.error: Failed to load resource: the server responded with a status of 422/, "the refusals above");
    tolerateProblem(/^requestfailed: GET .*\.(svg|js|css) net::ERR_ABORTED$/, "images and scripts of a page the test leaves mid-load");

    await register(page, variant, shopper);
    await expect(visibleText(page.getByTestId("account-name"))).resolves.toBe(shopper.name);
    await navSays(page, "Account");
    // The guest's cart came along.
    await expect(visibleText(page.getByTestId("cart-count"))).resolves.toBe("1");

    await submit(page, variant, "Sign out", "/");
    await navSays(page, "Sign in");

    await goTo(page, variant, "/login");
    await page.getByLabel("Email or phone number").first().fill(shopper.email);
    await page.getByLabel("Password").fill("not the password");
    await Promise.all([page.getByTestId("form-error").waitFor(), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
    await expect(visibleText(page.getByTestId("form-error"))).resolves.toBe(
      "That email or phone number and password do not match an account.",
    );
    // What was typed is still there; the password is not.
    await expect(page.getByLabel("Email or phone number").first().inputValue()).resolves.toBe(shopper.email);
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
    await screenshot(page, `account-${variant.js ? "js" : "nojs"}-${variant.width}`);
    const avatar = page.getByTestId("avatar");
    await expect(avatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(1);
  }, 120_000);

  it("signs in with a code from the outbox, resets a forgotten password, saves two addresses and delivers to one", async () => {
    const shopper = newShopper(variant);
    const { page, tolerateProblem } = await open(storeUrl(FOOD, "/"), variant);
    await asOwnVisitor(page);
    tolerateProblem(/^requestfailed: GET .*\.(svg|js|css) net::ERR_ABORTED$/, "images and scripts of a page the test leaves mid-load");
    await ready(page, variant);
    await register(page, variant, shopper);
    await submit(page, variant, "Sign out", "/");

    // A one-time code: send it, read it in the outbox, type it.
    await goTo(page, variant, "/login");
    await page.getByTestId("send-code-form").getByLabel("Email or phone number").fill(shopper.email);
    await submit(page, variant, "Send code", /\/login\?otp=email&/);
    const code = /\b(\d{6})\b/.exec(await latestMessage(page, shopper.email))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await screenshot(page, `login-code-step-${variant.js ? "js" : "nojs"}-${variant.width}`);
    await page.getByTestId("code-step").getByLabel("Code").fill(code!);
    await submit(page, variant, "Sign in", "/account");
    await expect(visibleText(page.getByTestId("account-name"))).resolves.toBe(shopper.name);
    await submit(page, variant, "Sign out", "/");

    // Forgot password: ask for the link, open it from the outbox, choose a new password, and use it.
    await goTo(page, variant, "/login");
    await Promise.all([
      page.waitForURL(storeUrl(FOOD, "/forgot-password")),
      page.getByRole("link", { name: "Forgot your password?" }).click(),
    ]);
    await ready(page, variant);
    await page.getByLabel("Email").fill(shopper.email);
    await submit(page, variant, "Send link", "/forgot-password?sent=1");
    const link = /https?:\/\/\S+\/forgot-password\?token=[\w-]+/.exec(await latestMessage(page, shopper.email))?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await ready(page, variant);
    await page.getByLabel(/^New password/).fill("a brand new password");
    await submit(page, variant, "Save and sign in", "/account");
    await submit(page, variant, "Sign out", "/");
    await goTo(page, variant, "/login");
    await page.getByLabel("Email or phone number").first().fill(shopper.email);
    await page.getByLabel("Password").fill("a brand new password");
    await submit(page, variant, "Sign in", "/account");

    // Two addresses in the food store's area; the second is made the default.
    await addAddress(page, variant, { line1: "Flat 402, Lakeview Apartments", pincode: "560038", label: "Home" });
    await addAddress(page, variant, { line1: "21 80 Feet Road", pincode: "560034", label: "Work" });
    const addresses = page.getByTestId("address");
    await expect(addresses.count()).resolves.toBe(2);
    await expect(visibleText(page.getByTestId("address-text").first())).resolves.toContain("Lakeview");
    await expect(visibleText(addresses.first())).resolves.toContain("Asha <script>alert(1)</script>");
    const work = addresses.filter({ hasText: "80 Feet Road" });
    await work.getByTestId("make-default").click();
    // The page answers with the same address: the list, now default first.
    await addresses.first().filter({ hasText: "80 Feet Road" }).waitFor();
    await expect(addresses.first().getByTestId("default-badge").count()).resolves.toBe(1);
    await screenshot(page, `addresses-${variant.js ? "js" : "nojs"}-${variant.width}`);

    // The cart offers the saved addresses; choosing one delivers there.
    await goTo(page, variant, "/product/paneer-tikka");
    await addToCart(page, variant);
    await goTo(page, variant, "/cart");
    const home = page.getByTestId("saved-address").filter({ hasText: "Lakeview" });
    await home.getByRole("radio").check();
    await submit(page, variant, "Deliver here", "/cart");
    await expect(
      visibleText(page.getByTestId("saved-address").filter({ hasText: "Lakeview" }).getByTestId("chosen-address")),
    ).resolves.toBe("Delivering here");
  }, 150_000);
});
