import { describe, expect, it } from "vitest";
import { call, newCustomer } from "./accounts-helpers";
import { insertOrder } from "./order-fixtures";
import { getPage } from "./page-session";
import { json } from "./request";

interface OrdersPage {
  data: { id: string; number: string; status: string; placed_at: string }[];
  total: number;
  current_page: number;
  last_page: number;
}

/** Orders written in given states: the list only reads them. */
async function placeOrder(tenantId: number, customerId: number, placedAt: number, status = "placed") {
  return insertOrder({ tenantId, customerId, placedAt, status });
}

describe("a customer's orders", () => {
  it("lists only the customer's own orders in this store, newest first, a page at a time", async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    expect(await json<OrdersPage>(await call("/api/get-all-orders", { method: "GET", token: me.token }))).toMatchObject({
      data: [],
      total: 0,
    });
    const older = await placeOrder(1, me.id, 1_700_000_000_000, "delivered");
    const newer = await placeOrder(1, me.id, 1_700_000_100_000, "out_for_delivery");
    await placeOrder(1, other.id, 1_700_000_200_000);
    // Same customer id in another store: another customer.
    await placeOrder(2, me.id, 1_700_000_300_000);

    const response = await call("/api/get-all-orders?per_page=1", { method: "GET", token: me.token });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const first = await json<OrdersPage>(response);
    expect(first).toMatchObject({ total: 2, current_page: 1, last_page: 2 });
    expect(first.data.map((o) => o.id)).toEqual([newer.publicId]);
    const second = await json<OrdersPage>(await call("/api/get-all-orders?per_page=1&page=2", { method: "GET", token: me.token }));
    expect(second.data.map((o) => [o.id, o.status])).toEqual([[older.publicId, "delivered"]]);
  });

  it("is a customer's only", async () => {
    const guest = await call("/api/get-all-orders", { method: "GET" });
    expect(guest.status).toBe(401);
    expect(await json(guest)).toMatchObject({ code: "unauthenticated" });
    const { token } = await newCustomer();
    expect((await call("/api/get-all-orders?page=0", { method: "GET", token })).status).toBe(400);
  });

  it("shows the list on /account/my-orders, and sends a signed-out shopper to sign in", async () => {
    const me = await newCustomer();
    const empty = await (await getPage("/account/my-orders", `session=${me.token}`)).text();
    expect(empty).toContain("You have no orders yet.");
    const id = await placeOrder(1, me.id, Date.UTC(2026, 10, 2), "out_for_delivery");
    const page = await getPage("/account/my-orders", `session=${me.token}`);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toMatch(/Order (<!-- -->)?T/);
    expect(html).toContain(`/account/my-orders/${id.publicId}`);
    expect(html).toContain("Out for delivery");
    expect(html).toContain("2 Nov 2026");
    const signedOut = await getPage("/account/my-orders");
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fmy-orders");
  });
});
