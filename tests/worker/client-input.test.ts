import { describe, expect, it } from "vitest";
import { call } from "./accounts-helpers";
import { newKey, PANEER, saveAddress, shopperWithCart, totalAt } from "./checkout-helpers";
import { guestCall, json, request } from "./request";

/** What a client sends is answered 4xx, never 500 (issue 30): branches no store has, and host names no store can have. */

describe("branch_id that is none of the store's", () => {
  it("place-order with delivery at branch 99 or 2^31 - 1 is a 400 naming branch_id, and no order is made", async () => {
    const shopper = await shopperWithCart([[PANEER, 1]]);
    const total = await totalAt(shopper.token, shopper.addressId);
    for (const branch of ["99", "2147483647"]) {
      const response = await call(`/api/place-order?branch_id=${branch}`, {
        token: shopper.token,
        headers: { "Idempotency-Key": newKey() },
        body: { fulfillment: "delivery", address_id: await saveAddress(shopper.token), payment_method: "cod", expected_total: total },
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ code: "invalid_input", issues: [{ path: "branch_id" }] });
    }
    const orders = await call("/api/get-all-orders", { token: shopper.token, method: "GET" });
    expect((await json<{ total: number }>(orders)).total).toBe(0);
  });

  it("reads at an unknown branch are 400 as docs/api.md says; the store's own branches answer", async () => {
    for (const path of ["/api/get-products", "/api/get-cart", "/api/get-data", "/api/get-discounts"]) {
      const unknown = await guestCall("GET", `${path}?branch_id=99`, null);
      expect(unknown.status, path).toBe(400);
      expect(await json(unknown)).toMatchObject({ code: "invalid_input" });
      expect((await guestCall("GET", `${path}?branch_id=2`, null)).status, path).toBe(200);
    }
    // Branch 3 is the food store's, not the new store's.
    expect((await guestCall("GET", "/api/get-data?branch_id=3", null, undefined, "new.localhost")).status).toBe(400);
  });
});

describe("host names no store can have", () => {
  it("a Host over DNS's 253 characters, or a label over 63, is 400 for pages and the API alike", async () => {
    for (const host of [`${"a".repeat(600)}.localhost`, `${"abcdefghij.".repeat(50)}localhost`, `${"x".repeat(64)}.localhost`]) {
      const page = await request(host, "/");
      expect(page.status).toBe(400);
      const api = await request(host, "/api/get-data");
      expect(api.status).toBe(400);
      expect(await json(api)).toMatchObject({ code: "bad_request" });
    }
  });
});
