import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADDRESS_NOT_PLACED } from "../../commerce/addresses";
import { homeAddress } from "./accounts-helpers";
import { inEnglish } from "./english";
import { getPage, postForm, registeredShopper } from "./page-session";
import { guestCall, newGuest } from "./request";
import { setSetting } from "./settings-helpers";
import { creditWallet } from "./wallet-credit";

/** The store's rules as the pages meet them without JavaScript (issue 31): plain form posts, answered by the API. */

function field(html: string, name: string): string {
  const match = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
  if (!match) throw new Error(`no ${name} field`);
  return match[1]!.replaceAll("&amp;", "&");
}

const asForm = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? "")]));

describe("the store's rules through the pages", () => {
  it("an address typed by hand that cannot be placed is refused beside its pincode, and not saved", async () => {
    const cookies = await registeredShopper();
    const address = asForm({ ...homeAddress({ pincode: "799999", city: "Nowhere" }), latitude: "", longitude: "" });
    const response = await postForm("/account/add-address", address, cookies);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(`data-testid="pincode-error">${inEnglish(ADDRESS_NOT_PLACED).replaceAll("'", "&#x27;")}<`);
    const list = await (await getPage("/account/addresses", cookies)).text();
    expect(list).not.toContain("Nowhere");
  });

  it("a closed store takes no order from the checkout form", async () => {
    const guest = newGuest();
    const added = await guestCall("POST", "/api/cart/add", guest, {
      product_id: 1,
      quantity: 1,
      selected_attributes: {},
      selected_multi_attributes: {},
    });
    expect(added.status).toBe(201);
    const cookies = await registeredShopper(guest);
    const saved = await postForm("/account/add-address", { ...asForm(homeAddress()), redirectTo: "/checkout" }, cookies);
    expect(saved.status).toBe(303);
    let html = await (await getPage("/checkout", cookies)).text();
    const addressId = html.match(/name="address_id"[^>]*value="(\d+)"/)![1]!;
    expect((await postForm("/checkout", { intent: "address", address_id: addressId }, cookies)).status).toBe(303);
    html = await (await getPage("/checkout", cookies)).text();
    const form = {
      intent: "place",
      key: field(html, "key"),
      fulfillment: field(html, "fulfillment"),
      address_id: addressId,
      expected_total: field(html, "expected_total"),
      payment_method: "cod",
    };
    await setSetting(1, "globalStoreEnable", "false");
    try {
      const placed = await postForm("/checkout", form, cookies);
      expect(placed.status).not.toBe(303);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE idempotency_key = ?1").bind(form.key).first("n")).toBe(0);
    } finally {
      await setSetting(1, "globalStoreEnable", "true");
    }
    const reopened = await postForm("/checkout", form, cookies);
    expect(reopened.status).toBe(303);
  });

  it("/checkout without JavaScript states the smallest rest when the shopper has wallet credit", async () => {
    const guest = newGuest();
    await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 1, selected_attributes: {}, selected_multi_attributes: {} });
    const cookies = await registeredShopper(guest);
    const customerId = (await env.DB.prepare("SELECT id FROM customers ORDER BY id DESC LIMIT 1").first<number>("id"))!;
    await creditWallet(1, customerId, "cash", 5_000);
    await postForm("/account/add-address", { ...asForm(homeAddress()), redirectTo: "/checkout" }, cookies);
    let html = await (await getPage("/checkout", cookies)).text();
    const addressId = html.match(/name="address_id"[^>]*value="(\d+)"/)![1]!;
    await postForm("/checkout", { intent: "address", address_id: addressId }, cookies);
    html = await (await getPage("/checkout", cookies)).text();
    expect(html).toContain('data-testid="wallet-minimum-rule"');
    expect(html).toMatch(/If your wallet would leave less than .*>₹1<.* to pay, a little less of it is used\./);
  });
});
