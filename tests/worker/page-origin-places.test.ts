import { waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pageOrigin } from "../../worker/origin/page-origin";
import type { Shopper } from "../../worker/shopper/shopper";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import { foodPageContext } from "./page-context";
import { guestCall, json, newGuest } from "./request";

const pageContext = foodPageContext;

const asCustomer = (customer: { token: string; id: number }): Shopper => ({
  kind: "customer",
  customerId: customer.id,
  token: customer.token,
});

/** What the HTTP transport answers a customer for the same call, parsed. */
async function customerOverHttp(token: string, path: string, body?: unknown): Promise<unknown> {
  const response = await call(`${path}${path.includes("?") ? "&" : "?"}branch_id=1`, { method: body ? "POST" : "GET", token, body });
  expect(response.status).toBeLessThan(300);
  return response.json();
}

/** What the HTTP transport answers a guest for the same call, parsed. */
async function guestOverHttp(path: string, guest: string | null = null): Promise<unknown> {
  const response = await guestCall("GET", `${path}${path.includes("?") ? "&" : "?"}branch_id=1`, guest);
  expect(response.status).toBe(200);
  return response.json();
}

// Decision 066: the page's calls of the shopper's places and rewards run the functions /api runs, so both transports
// answer the same for the same store, branch and shopper, and refuse alike.
describe("the page's places and rewards", () => {
  it("save, list, make default and delete a customer's addresses as /api does", async () => {
    const customer = await newCustomer();
    const o = await pageContext(asCustomer(customer));
    const page = pageOrigin(o);
    const added = await page.addAddress({ ...homeAddress(), label: "Home" });
    expect(added.addresses.map((a) => a.label)).toEqual(["Home"]);
    const second = await page.addAddress({ ...homeAddress(), label: "Work", make_default: true });
    const [work, home] = second.addresses;
    expect([work!.label, work!.is_default]).toEqual(["Work", true]);
    expect(await page.addresses()).toEqual(await customerOverHttp(customer.token, "/api/address/get-addresses"));

    const defaulted = await page.setDefaultAddress({ address_id: home!.id });
    expect(defaulted.addresses.map((a) => a.id)).toEqual([home!.id, work!.id]);
    // The read after a change is not the one kept from before it.
    expect(await page.addresses()).toEqual(defaulted);
    const deleted = await page.deleteAddress({ address_id: work!.id });
    expect(deleted).toEqual(await customerOverHttp(customer.token, "/api/address/get-addresses"));
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("refuse an address through attempt with the API's status, code, message and fields", async () => {
    const customer = await newCustomer();
    const page = pageOrigin(await pageContext(asCustomer(customer)));
    const malformed = { ...homeAddress(), pincode: "<>" };
    const overHttp = await call("/api/address/add?branch_id=1", { token: customer.token, body: malformed });
    const refusal = await page.attempt.addAddress(malformed as Parameters<typeof page.addAddress>[0]);
    expect(refusal).toEqual({ ok: false, status: overHttp.status, ...(await json(overHttp)) });
    expect(refusal).toMatchObject({ status: 400, issues: [{ path: "pincode", message: "Enter a valid pincode." }] });

    const other = await newCustomer();
    const [theirs] = (
      await json<{ addresses: { id: number }[] }>(await call("/api/address/add", { token: other.token, body: homeAddress() }))
    ).addresses;
    await expect(page.attempt.deleteAddress({ address_id: theirs!.id })).resolves.toEqual({
      ok: false,
      status: 404,
      code: "address_not_found",
      message: "That address is not one of yours. Refresh the page and try again.",
    });
    // A guest is the API's 401 (the page signs out on it).
    const guest = pageOrigin(await pageContext({ kind: "guest", guestId: newGuest() }));
    await expect(guest.attempt.addresses()).resolves.toMatchObject({ ok: false, status: 401, code: "unauthenticated" });
  });

  it("answer the branches, the branch at a position, places and a pincode's delivery as /api does", async () => {
    const page = pageOrigin(await pageContext({ kind: "guest", guestId: null }));
    expect(await page.branches()).toEqual(await guestOverHttp("/api/get-branches"));
    const position = { latitude: "12.978400", longitude: "77.640800" };
    expect(await page.branches(position)).toEqual(await guestOverHttp("/api/get-branches?latitude=12.978400&longitude=77.640800"));
    const atPosition = await page.branchBasedOnGps(position);
    expect(atPosition.branch?.id).toBe(1);
    expect(atPosition).toEqual(await guestOverHttp("/api/get-branch-based-on-gps?latitude=12.978400&longitude=77.640800"));
    expect(await page.googleAddress({ q: "Indiranagar" })).toEqual(await guestOverHttp("/api/google/address?q=Indiranagar"));
    const pincode = await page.checkPincode({ pincode: "560038" });
    expect(pincode.served).toBe(true);
    expect(pincode).toEqual(await guestOverHttp("/api/check-pincode?pincode=560038"));
    await expect(page.attempt.googleAddress({ q: "a" })).resolves.toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_input",
      issues: [{ path: "q", message: "Type at least 2 characters." }],
    });
  });

  it("select a branch, carrying the guest's cart there, and refuse one the store does not have", async () => {
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add?branch_id=1", guest, { product_id: 1, quantity: 1 })).status).toBe(201);
    const { branches } = await pageOrigin(await pageContext({ kind: "guest", guestId: guest })).branches();
    const other = branches.find((b) => b.id !== 1 && !b.closed);
    expect(other).toBeDefined();
    const o = await pageContext({ kind: "guest", guestId: guest });
    const page = pageOrigin(o);
    const chosen = await page.selectBranch({ branch_id: other!.id });
    expect(chosen).toEqual(await json(await guestCall("POST", "/api/select-branch?branch_id=1", newGuest(), { branch_id: other!.id })));
    const cartThere = await json<{ cartItems: { product_id: number }[] }>(
      await guestCall("GET", `/api/get-cart?branch_id=${other!.id}`, guest),
    );
    expect(cartThere.cartItems.map((item) => item.product_id)).toEqual([1]);
    await expect(page.attempt.selectBranch({ branch_id: 999_999 })).resolves.toEqual({
      ok: false,
      status: 404,
      code: "branch_not_found",
      message: "This branch is not available.",
    });
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("answer a customer's referral, the invitation its code makes, and scratch cards as /api does", async () => {
    const customer = await newCustomer();
    const page = pageOrigin(await pageContext(asCustomer(customer)));
    const referral = await page.referral();
    expect(referral.share_url).toBe(`http://food.localhost/r/${referral.code}`);
    expect(referral).toEqual(await customerOverHttp(customer.token, "/api/user/referral"));
    const visitor = pageOrigin(await pageContext({ kind: "guest", guestId: null }));
    expect(await visitor.referrerUser({ referred_by: referral.code })).toEqual(
      await guestOverHttp(`/api/get-referrer-user?referred_by=${referral.code}`),
    );
    expect(await page.scratchCards()).toEqual(await customerOverHttp(customer.token, "/api/user/scratch-cards"));
    await expect(page.attempt.redeemScratchCard({ scratch_card_id: "A".repeat(22) })).resolves.toMatchObject({
      ok: false,
      status: 404,
      code: "scratch_card_not_found",
    });
  });
});
