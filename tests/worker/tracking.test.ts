import { describe, expect, it } from "vitest";
import { newCustomer } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { insertOrder } from "./order-fixtures";
import { json, request } from "./request";

interface Tracking {
  id: string;
  status: string;
  steps: { status: string; at: string | null }[];
  history: { status: string }[];
  items: { name: string; quantity: number }[];
}

const track = (id: string, host = "food.localhost") => request(host, `/api/get-single-order-to-track?order_id=${id}`);

describe("following an order by its id", () => {
  it("answers anyone holding the id: status, steps with their times, items by name; no address, phone or prices", async () => {
    const me = await newCustomer();
    const placedAt = Date.UTC(2031, 5, 1, 10);
    const order = await insertOrder({ customerId: me.id, placedAt, lines: [[1, "Paneer tikka", 2, 25000]] });
    const key = await storeKey();
    await adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: { status: "packed" } });

    const response = await track(order.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.clone().text();
    const answer = await json<Tracking>(response);
    expect(answer).toMatchObject({
      id: order.publicId,
      status: "packed",
      status_text: "Packed",
      items: [{ name: "Paneer tikka", quantity: 2 }],
    });
    // The fixture's order is a pickup: placed, confirmed, packed, delivered. Confirmed was skipped: no time.
    expect(answer.steps.map((s) => [s.status, s.at === null])).toEqual([
      ["placed", false],
      ["confirmed", true],
      ["packed", false],
      ["delivered", true],
    ]);
    expect(answer.steps[0]?.at).toBe(new Date(placedAt).toISOString());
    expect(answer.history.map((h) => h.status)).toEqual(["placed", "packed"]);
    for (const secret of ["total", "price", "address", "phone", "owner", "customer"]) expect(text).not.toContain(secret);
    // No amount anywhere: the only numbers are quantities (the ids and numbers are strings, which may hold any digits).
    const numbers: number[] = [];
    JSON.parse(text, (_key, value) => {
      if (typeof value === "number") numbers.push(value);
      return value;
    });
    expect(numbers).toEqual([2]);
  });

  it("is 404 for an unknown id or another store's order, and 400 for a malformed one", async () => {
    const me = await newCustomer();
    const elsewhere = await insertOrder({ tenantId: 2, customerId: me.id });
    expect((await track(elsewhere.publicId)).status).toBe(404);
    expect((await track(elsewhere.publicId, "retail.localhost")).status).toBe(200);
    expect((await track("y".repeat(22))).status).toBe(404);
    expect((await track("nope")).status).toBe(400);
  });
});
