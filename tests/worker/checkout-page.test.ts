import { describe, expect, it } from "vitest";
import { homeAddress } from "./accounts-helpers";
import { getPage, postForm, registeredShopper } from "./page-session";
import { guestCall, newGuest } from "./request";

/** /checkout as a browser without JavaScript uses it: plain GETs and form posts, cookies carried by hand. */

const PANEER = 1;

function field(html: string, name: string): string {
  const match = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
  if (!match) throw new Error(`no ${name} field`);
  return match[1]!.replaceAll("&amp;", "&");
}

/** A guest with paneer in the cart, signed up on /register (the cart merges), with a saved home address. */
async function customerWithCart(): Promise<string> {
  const guest = newGuest();
  const added = await guestCall("POST", "/api/cart/add", guest, {
    product_id: PANEER,
    quantity: 2,
    selected_attributes: {},
    selected_multi_attributes: {},
  });
  expect(added.status).toBe(201);
  const cookies = await registeredShopper(guest);
  const address = Object.fromEntries(Object.entries(homeAddress()).map(([k, v]) => [k, String(v)]));
  const saved = await postForm("/account/add-address", { ...address, redirectTo: "/checkout" }, cookies);
  expect(saved.status).toBe(303);
  expect(saved.headers.get("Location")).toBe("/checkout");
  return cookies;
}

describe("/checkout without JavaScript", () => {
  it("sends a guest to sign in and back", async () => {
    const response = await getPage("/checkout", `guest_id=${newGuest()}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcheckout");
  });

  it("chooses an address, places a cash order once however often the form is sent, and shows it", async () => {
    const cookies = await customerWithCart();
    let html = await (await getPage("/checkout", cookies)).text();
    expect(html).toContain("Choose where to deliver to see your total and place your order.");
    const addressId = html.match(/name="address_id"[^>]*value="(\d+)"/)![1]!;
    const chosen = await postForm("/checkout", { intent: "address", address_id: addressId }, cookies);
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/checkout");

    const page = await getPage("/checkout", cookies);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    html = await page.text();
    expect(html).toContain("Cash on delivery");
    const form = {
      intent: "place",
      key: field(html, "key"),
      fulfillment: field(html, "fulfillment"),
      address_id: addressId,
      expected_total: field(html, "expected_total"),
      payment_method: "cod",
      note: "Less spicy, please",
    };
    // A double click without JavaScript: the same form twice.
    const [first, second] = await Promise.all([postForm("/checkout", form, cookies), postForm("/checkout", form, cookies)]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/order-placed\/[A-Za-z0-9_-]{22}$/);
    expect(second.headers.get("Location")).toBe(location);

    const orders = await (await getPage("/account/my-orders", cookies)).text();
    expect(orders.match(/data-testid="order"/g)).toHaveLength(1);
    expect(await (await getPage("/checkout", cookies)).text()).toContain("Your cart is empty.");
  });

  it("refuses a total that moved with the message, and shows the new total", async () => {
    const cookies = await customerWithCart();
    const html = await (await getPage("/checkout", cookies)).text();
    const addressId = html.match(/name="address_id"[^>]*value="(\d+)"/)![1]!;
    await postForm("/checkout", { intent: "address", address_id: addressId }, cookies);
    const ready = await (await getPage("/checkout", cookies)).text();
    const response = await postForm(
      "/checkout",
      {
        intent: "place",
        key: field(ready, "key"),
        fulfillment: "delivery",
        address_id: addressId,
        expected_total: "1.00",
        payment_method: "cod",
      },
      cookies,
    );
    expect(response.status).toBe(422);
    const refused = await response.text();
    expect(refused).toContain("Your total has changed. Please check the new total and place your order again.");
    expect(refused).toContain(`name="expected_total" value="${field(ready, "expected_total")}"`);
  });

  it("answers junk with a message, never a 500", async () => {
    const cookies = await customerWithCart();
    const junk: Record<string, string>[] = [
      { intent: "place" },
      { intent: "place", key: "x", fulfillment: "delivery", payment_method: "cod", expected_total: "1" },
      { intent: "place", key: crypto.randomUUID(), fulfillment: "teleport", payment_method: "cod", expected_total: "1" },
      { intent: "place", key: crypto.randomUUID(), fulfillment: "delivery", payment_method: "cod", expected_total: "-5" },
      { intent: "nope" },
    ];
    for (const fields of junk) {
      const response = await postForm("/checkout", fields, cookies);
      expect(response.status).toBe(422);
    }
  });
});
