import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { FOOD, visitorAddress } from "./api-steps";
import { ready, storeUrl, type Variant, visibleText } from "./helpers";

/**
 * What a shopper does in the food store, step by step, as the browser tests share it: new accounts, forms, the cart,
 * the dev outbox. Each step waits for where it leads (with JavaScript, a client navigation; without, a page).
 */

export { FOOD };

let n = 0;
export function newShopper(variant: Variant) {
  n++;
  const unique = `${Date.now() % 1e7}${n}`.padStart(8, "0");
  return {
    name: `Asha ${variant.width}`,
    email: `asha.${unique}.${variant.js ? "js" : "nojs"}@example.com`,
    phone: `+9198${unique}`,
    password: "a long enough password",
  };
}
export type Shopper = ReturnType<typeof newShopper>;

/** Waits for the nav's account link to say `text` (with JavaScript, the root's data arrives after the address). */
export async function navSays(page: Page, text: "Account" | "Sign in") {
  await page
    .getByTestId("account-link")
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor({ timeout: 10_000 });
}

/** Clicks and waits for the page it leads to. */
export async function follow(page: Page, variant: Variant, target: Locator, to: RegExp | string) {
  await Promise.all([page.waitForURL(typeof to === "string" ? storeUrl(FOOD, to) : to), target.click()]);
  await ready(page, variant);
}

/** Submits with the named button and waits for where the form leads. */
export function submit(page: Page, variant: Variant, button: string, to: RegExp | string) {
  return follow(page, variant, page.getByRole("button", { name: button }), to);
}

export async function goTo(page: Page, variant: Variant, path: string) {
  await page.goto(storeUrl(FOOD, path));
  await ready(page, variant);
}

/** Adds the open product page's product: with JavaScript it says so in a toast, without it the add opens /cart. */
export async function addToCart(page: Page, variant: Variant) {
  const add = page.getByTestId("product-page").getByTestId("product-form").getByTestId("add-to-cart");
  if (variant.js) {
    await add.click();
    await expect(visibleText(page.getByTestId("toast").first())).resolves.toMatch(/^Added to cart/);
  } else {
    await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), add.click()]);
  }
}

/** The latest message to `recipient` on the dev outbox page (.dev.vars.example sets DEV_TOOLS=1), as a shopper reads it. */
export async function latestMessage(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(storeUrl(FOOD, "/dev/outbox"));
    const item = outbox.locator("li", { hasText: `to ${recipient}` }).first();
    return await item.locator("pre").innerText();
  } finally {
    await outbox.close();
  }
}

/** Fills the open registration form; the caller submits it (where it leads depends on where the shopper came from). */
export async function fillRegistration(page: Page, shopper: Shopper) {
  await page.getByLabel("Name").fill(shopper.name);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Phone number").fill(shopper.phone);
  await page.getByLabel(/^Password/).fill(shopper.password);
}

export interface TypedAddress {
  line1: string;
  pincode: string;
  label: "Home" | "Work";
}

/** Fills the open add-address form as a shopper would by hand (the position is left to 'Use my current location'). */
export async function fillAddress(page: Page, address: TypedAddress) {
  await page.getByLabel("Full name").fill("Asha <script>alert(1)</script>");
  await page.getByLabel("Phone number").fill("+91 98000 00001");
  await page.getByLabel("House, flat or street").fill(address.line1);
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").fill("Karnataka");
  await page.getByLabel("Pincode").fill(address.pincode);
  await page.getByLabel(address.label, { exact: true }).check();
}

/** The browser's requests come from a visitor address of its own (api-steps.ts `visitorAddress`), as a shopper's do. */
export async function asOwnVisitor(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": visitorAddress() });
}

const ORDER_ID = /^[\w-]{22}$/;

/** The order id at the end of the page's path (/checkout/pay/{id}, /order-placed/{id}). */
function orderIdIn(page: Page): string {
  const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  expect(id).toMatch(ORDER_ID);
  return id;
}

/** Places the cart's order to be paid online, pays it on the test gateway, and answers the order's id and number. */
export async function placeAndPay(page: Page, variant: Variant): Promise<{ id: string; number: string }> {
  await page.getByTestId("pay-online").getByRole("radio").check();
  await follow(page, variant, page.getByTestId("place-order-button"), /\/checkout\/pay\/[\w-]{22}$/);
  const id = orderIdIn(page);
  const number = await visibleText(page.getByTestId("pay-order-number"));
  expect(number).toMatch(/^SRK-\d+$/);
  // The gateway's page is not the app's: it is plain HTML, like Razorpay's hosted checkout.
  await Promise.all([page.waitForURL(/\/dev\/test-gateway/), page.getByTestId("pay-button").click()]);
  await follow(page, variant, page.getByTestId("test-gateway-pay"), `/order-placed/${id}`);
  return { id, number };
}

/** From /checkout, with no saved address yet: adds one there (Home, in the food store's area) and delivers to it. */
export async function deliverToNewAddress(page: Page, variant: Variant, line1: string) {
  await follow(page, variant, page.getByTestId("cart-add-address"), /\/account\/add-address\?redirectTo=%2Fcheckout$/);
  await fillAddress(page, { line1, pincode: "560038", label: "Home" });
  await submit(page, variant, "Save address", "/checkout");
  await page.getByTestId("saved-address").filter({ hasText: line1 }).getByRole("radio").check();
  await page.getByTestId("choose-address").click();
  await page.getByTestId("chosen-address").waitFor();
}
