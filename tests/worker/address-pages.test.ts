import { describe, expect, it } from "vitest";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import { getPage, jar, postForm, registeredShopper } from "./page-session";
import { guestCall, json, newGuest } from "./request";

const form = (changes: Record<string, string> = {}) => ({
  name: "Asha Rao",
  phone: "+91 98000 00001",
  line1: "Flat 402, Lakeview Apartments",
  line2: "",
  landmark: "",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560038",
  latitude: "",
  longitude: "",
  label: "Home",
  ...changes,
});

/** The ids of the addresses listed on the page, in order. */
function listedIds(html: string): number[] {
  // The language switch's links (hrefLang) carry the page's query too: they are this page in another language.
  return [...html.matchAll(/<a\b(?![^>]*\bhrefLang=)[^>]*?href="[^"]*\?delete=(\d+)"/g)].map((m) => Number(m[1]));
}

describe("address pages without JavaScript", () => {
  it("send a signed-out shopper to sign in and back", async () => {
    for (const path of ["/account/addresses", "/account/add-address"]) {
      const response = await getPage(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const posted = await postForm(path, form());
      expect(posted.status).toBe(303);
    }
  });

  it("add an address with labelled fields, messages beside the field, and script shown as text", async () => {
    const cookies = await registeredShopper();
    const page = await getPage("/account/add-address", cookies);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('data-testid="powered-by"'); // the spec's footer rule
    // 'Use my current location' needs JavaScript: not in the server's HTML.
    expect(html).not.toContain('data-testid="use-location"');
    for (const label of ["Full name", "Phone number", "House, flat or street", "City", "State", "Pincode", "Home", "Work", "Other"]) {
      expect(html).toContain(label);
    }

    const refused = await postForm("/account/add-address", form({ pincode: "<>", phone: "call me", city: "Mysuru" }), cookies);
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/data-testid="pincode-error"[^>]*>Enter a valid pincode\./);
    expect(refusedHtml).toMatch(/data-testid="phone-error"[^>]*>Enter a valid phone number\./);
    expect(refusedHtml).toContain('value="Mysuru"'); // what was typed is kept

    const script = `<script>alert("addr")</script> Flat 9`;
    const saved = await postForm("/account/add-address", form({ line1: script, label: "Work" }), cookies);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account/addresses");
    const list = await (await getPage("/account/addresses", cookies)).text();
    expect(list).toContain("&lt;script&gt;alert(&quot;addr&quot;)&lt;/script&gt; Flat 9");
    expect(list).not.toContain('<script>alert("addr")');
    expect(list).toContain('data-testid="default-badge"');
  });

  it("make another address the default, and delete one after a confirmation step", async () => {
    const cookies = await registeredShopper();
    await postForm("/account/add-address", form({ label: "Home" }), cookies);
    await postForm("/account/add-address", form({ label: "Work", pincode: "560034" }), cookies);
    const [home, work] = listedIds(await (await getPage("/account/addresses", cookies)).text()); // default first
    expect(home).toBeLessThan(work!);

    const made = await postForm("/account/addresses", { intent: "make-default", address_id: String(work) }, cookies);
    expect(made.status).toBe(303);
    expect(listedIds(await (await getPage("/account/addresses", cookies)).text())).toEqual([work, home]);

    // Delete without the confirmation: the confirmation step, nothing deleted.
    const unconfirmed = await postForm("/account/addresses", { intent: "delete", address_id: String(home) }, cookies);
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`/account/addresses?delete=${home}`);
    const confirmation = await (await getPage(`/account/addresses?delete=${home}`, cookies)).text();
    expect(confirmation).toContain("Delete this address?");
    expect(confirmation).toContain('name="confirm" value="yes"');
    expect(listedIds(confirmation)).toEqual([work, home]);

    const deleted = await postForm("/account/addresses", { intent: "delete", address_id: String(home), confirm: "yes" }, cookies);
    expect(deleted.status).toBe(303);
    expect(listedIds(await (await getPage("/account/addresses", cookies)).text())).toEqual([work]);
  });

  it("refuse another customer's address beside the list, changing nothing", async () => {
    const owner = await newCustomer();
    const [theirs] = (
      await json<{ addresses: { id: number }[] }>(
        await call("/api/address/add", { method: "POST", token: owner.token, body: homeAddress() }),
      )
    ).addresses;
    const cookies = await registeredShopper();
    const attempts: Record<string, string>[] = [
      { intent: "delete", address_id: String(theirs!.id), confirm: "yes" },
      { intent: "make-default", address_id: String(theirs!.id) },
    ];
    for (const fields of attempts) {
      const response = await postForm("/account/addresses", fields, cookies);
      expect(response.status).toBe(422);
      expect(await response.text()).toContain("That address is not one of yours.");
    }
    const still = await call("/api/address/get-addresses", { method: "GET", token: owner.token });
    expect((await json<{ addresses: { id: number; is_default: boolean }[] }>(still)).addresses).toMatchObject([
      { id: theirs!.id, is_default: true },
    ]);
  });

  it("let a signed-in shopper deliver the cart to a saved address; a guest keeps the pincode form", async () => {
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 2 })).status).toBe(201);
    const guestCart = await (await getPage("/cart", `guest_id=${guest}`)).text();
    expect(guestCart).toContain('name="pincode"');
    expect(guestCart).not.toContain('data-testid="saved-address"');

    const cookies = await registeredShopper(guest); // the guest's cart comes along
    const none = await (await getPage("/cart", cookies)).text();
    expect(none).toContain('data-testid="cart-add-address"');
    expect(none).not.toContain('name="pincode"');

    await postForm("/account/add-address", form({ label: "Home", pincode: "560038", latitude: "12.9784", longitude: "77.6408" }), cookies);
    // Whitefield: beyond the branch's last slab.
    await postForm("/account/add-address", form({ label: "Work", pincode: "560066", latitude: "12.9698", longitude: "77.75" }), cookies);
    const [home, work] = listedIds(await (await getPage("/account/addresses", cookies)).text());

    const chose = await postForm("/cart", { intent: "address", address_id: String(home) }, cookies);
    expect(chose.status).toBe(303);
    expect(chose.headers.get("Location")).toBe("/cart");
    const cartPage = await (await getPage("/cart", jar(chose, cookies))).text();
    expect(cartPage).toMatch(new RegExp(`checked="" value="${home}"/><span><span[^>]*>Home</span><span[^>]*>Delivering here`));
    expect(cartPage).not.toContain('data-testid="delivery-unavailable"');

    const far = await postForm("/cart", { intent: "address", address_id: String(work) }, cookies);
    expect(far.status).toBe(303);
    expect(await (await getPage("/cart", cookies)).text()).toContain('data-testid="delivery-unavailable"');

    // Another customer's address: refused, and the cart still delivers to the shopper's own choice.
    const other = await newCustomer();
    const [foreign] = (
      await json<{ addresses: { id: number }[] }>(
        await call("/api/address/add", { method: "POST", token: other.token, body: homeAddress() }),
      )
    ).addresses;
    const refused = await postForm("/cart", { intent: "address", address_id: String(foreign!.id) }, cookies);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("That address is no longer saved. Please choose another.");
    expect(home).toBeDefined();
  });
});

describe("the cart API with a saved address", () => {
  it("resolves address_id into the delivery location and shows the address; a foreign or guest one is refused", async () => {
    const { token } = await newCustomer();
    const saved = await json<{ addresses: { id: number }[] }>(
      await call("/api/address/add", { method: "POST", token, body: homeAddress() }),
    );
    const id = saved.addresses[0]!.id;
    expect((await call("/api/cart/add", { method: "POST", token, body: { product_id: 1, quantity: 1 } })).status).toBe(201);

    const set = await call("/api/cart/delivery-location", { method: "PUT", token, body: { address_id: id } });
    expect(set.status).toBe(200);
    const cart = await json<CartAnswer>(set);
    expect(cart.address).toMatchObject({ id, pincode: "560038", label: "Home" });
    expect(cart.cartDetails.delivery_location).toEqual({ pincode: "560038", latitude: 12.9784, longitude: 77.6408 });
    expect(cart.delivery_charge).toBe(25); // 0.7 km from Indiranagar: the first slab

    // A pincode typed in replaces the address.
    const typed = await json<CartAnswer>(await call("/api/cart/delivery-location", { method: "PUT", token, body: { pincode: "560034" } }));
    expect(typed.address).toBeNull();

    const other = await newCustomer();
    const foreign = await call("/api/cart/delivery-location", { method: "PUT", token: other.token, body: { address_id: id } });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ code: "address_not_found" });
    const guest = await guestCall("PUT", "/api/cart/delivery-location", newGuest(), { address_id: id });
    expect(guest.status).toBe(401);

    // Deleting the chosen address leaves the location, and the cart no longer names the address.
    await call("/api/cart/delivery-location", { method: "PUT", token, body: { address_id: id } });
    await call("/api/address/delete", { method: "POST", token, body: { address_id: id } });
    const after = await json<CartAnswer>(await call("/api/get-cart", { method: "GET", token }));
    expect(after.address).toBeNull();
    expect(after.cartDetails.delivery_location?.pincode).toBe("560038");
  });
});
