import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeKeyHash } from "../../worker/admin/store-keys";
import { call, lastMessageTo, newCustomer, register } from "./accounts-helpers";
import { adminCall, storedOrder, storeKey } from "./admin-helpers";
import { insertOrder } from "./order-fixtures";
import { json } from "./request";

interface Summary {
  id: string;
  number: string;
  status: string;
  payment_status: string;
  total: number;
  customer: { name: string; phone: string };
  placed_at: string;
}

describe("the admin API's key", () => {
  it("refuses no key, a wrong one, a shopper's session, another store's key and a revoked key, with 401", async () => {
    const customer = await newCustomer();
    const retailKey = await storeKey(2);
    const revoked = await storeKey(1);
    expect((await adminCall("/orders", revoked)).status).toBe(200);
    await env.DB.prepare("UPDATE store_api_keys SET revoked_at = ?1 WHERE key_hash = ?2")
      .bind(Date.now(), await storeKeyHash(revoked))
      .run();
    for (const key of [null, "sk_wrong", `sk_${"a".repeat(43)}`, customer.token, retailKey, revoked]) {
      const response = await adminCall("/orders", key);
      expect(response.status, String(key)).toBe(401);
      expect(await json(response)).toMatchObject({ code: "unauthenticated" });
    }
    // The other store's key opens its own store.
    expect((await adminCall("/orders", retailKey, { host: "retail.localhost" })).status).toBe(200);
  });

  it("is not read as a shopper's session, and a shopper's bearer still is everywhere else", async () => {
    const key = await storeKey();
    // A store key sent to a shopper's call is an unknown session: 401, as any bad token is.
    expect((await call("/api/get-all-orders", { method: "GET", token: key })).status).toBe(401);
    const response = await adminCall("/orders", key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const used = await env.DB.prepare("SELECT last_used_at FROM store_api_keys WHERE key_hash = ?1")
      .bind(await storeKeyHash(key))
      .first<{ last_used_at: number | null }>();
    expect(used?.last_used_at).toBeGreaterThan(0);
  });
});

describe("the store's orders", () => {
  it("lists the store's orders newest first with the customer, filters by status, and never another store's", async () => {
    const key = await storeKey();
    const { signedIn } = await register();
    const customerId = signedIn.user.id;
    const base = Date.UTC(2031, 0, 1);
    const older = await insertOrder({ customerId, placedAt: base, status: "confirmed", total: 12345 });
    const newer = await insertOrder({ customerId, placedAt: base + 60_000, status: "placed" });
    const elsewhere = await insertOrder({ tenantId: 2, customerId, placedAt: base + 120_000 });
    const first = await json<{ data: Summary[]; total: number }>(await adminCall("/orders?per_page=2", key));
    expect(first.data.map((o) => o.id)).toEqual([newer.publicId, older.publicId]);
    expect(first.data[1]).toMatchObject({
      status: "confirmed",
      payment_status: "cod_pending",
      total: 123.45,
      customer: { name: signedIn.user.name, phone: signedIn.user.phone },
      placed_at: new Date(base).toISOString(),
    });
    const confirmed = await json<{ data: Summary[] }>(await adminCall("/orders?status=confirmed&per_page=48", key));
    expect(confirmed.data.every((o) => o.status === "confirmed")).toBe(true);
    expect(confirmed.data.map((o) => o.id)).toContain(older.publicId);
    expect((await adminCall("/orders?status=lost", key)).status).toBe(400);

    const one = await adminCall(`/orders/${older.publicId}`, key);
    expect(one.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(one)).toMatchObject({ id: older.publicId, status: "confirmed" });
    expect((await adminCall(`/orders/${elsewhere.publicId}`, key)).status).toBe(404);
    expect((await adminCall("/orders/not-an-order-id", key)).status).toBe(400);
  });
});

describe("transitioning an order", () => {
  it("goes forward, skipping steps as the table allows, each transition in the history; never back", async () => {
    const key = await storeKey();
    const { id: customerId } = await newCustomer();
    const order = await insertOrder({ customerId });
    const transition = (status: string, reason?: string) =>
      adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: reason === undefined ? { status } : { status, reason } });

    const confirmed = await transition("confirmed");
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(confirmed)).toMatchObject({ id: order.publicId, status: "confirmed" });
    expect((await transition("out_for_delivery")).status).toBe(200);

    const back = await transition("packed");
    expect(back.status).toBe(409);
    expect(await json(back)).toMatchObject({
      code: "invalid_transition",
      message: "An order that is out for delivery cannot be moved to packed.",
    });
    const cancel = await transition("cancelled", "Customer unreachable");
    expect(cancel.status).toBe(409);
    expect((await transition("out_for_delivery")).status).toBe(409);
    expect((await transition("placed")).status).toBe(400);

    expect(await storedOrder(order.id)).toMatchObject({
      status: "out_for_delivery",
      history: [
        { status: "placed", actor: "customer" },
        { status: "confirmed", actor: "store" },
        { status: "out_for_delivery", actor: "store" },
      ],
    });
  });

  it("collects a cash order's cash on delivery and tells the customer, with the tracking link", async () => {
    const key = await storeKey();
    const { account, signedIn } = await register();
    const order = await insertOrder({ customerId: signedIn.user.id, status: "packed" });
    const delivered = await adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: { status: "delivered" } });
    expect(await json(delivered)).toMatchObject({ status: "delivered", payment_status: "cod_collected" });
    expect(await storedOrder(order.id)).toMatchObject({
      history: [{}, { status: "delivered", payment_status: "cod_collected", actor: "store" }],
    });
    const mail = await lastMessageTo(account.email);
    expect(mail?.subject).toMatch(/is delivered$/);
    expect(mail?.body).toContain(`http://food.localhost/track-order/${order.publicId}`);
    expect((await lastMessageTo(account.phone))?.body).toContain(`/track-order/${order.publicId}`);
  });

  it("cancels with a reason only, voiding the payment and giving the coupon use back", async () => {
    const key = await storeKey();
    const { account, signedIn } = await register();
    const order = await insertOrder({ customerId: signedIn.user.id, status: "confirmed", paymentMethod: "online", paymentStatus: "paid" });
    await env.DB.prepare(
      "INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, order_id, amount, created_at) VALUES (1, 999999, ?1, ?2, 100, ?3)",
    )
      .bind(`customer:${signedIn.user.id}`, order.id, Date.now())
      .run();
    const path = `/orders/${order.publicId}/status`;
    const noReason = await adminCall(path, key, { method: "POST", body: { status: "cancelled" } });
    expect(noReason.status).toBe(400);
    expect(await json(noReason)).toMatchObject({ issues: [{ path: "reason" }] });
    const cancelled = await adminCall(path, key, { method: "POST", body: { status: "cancelled", reason: "Out of stock" } });
    expect(await json(cancelled)).toMatchObject({ status: "cancelled", payment_status: "refund_pending" });
    expect(await storedOrder(order.id)).toMatchObject({
      cancel_reason: "Out of stock",
      history: [{}, { status: "cancelled", note: "Out of stock" }],
    });
    const use = await env.DB.prepare("SELECT released_at FROM coupon_redemptions WHERE order_id = ?1")
      .bind(order.id)
      .first<{ released_at: number | null }>();
    expect(use?.released_at).toBeGreaterThan(0);
    expect((await lastMessageTo(account.email))?.subject).toMatch(/is cancelled$/);
    expect((await adminCall(path, key, { method: "POST", body: { status: "delivered" } })).status).toBe(409);
  });
});
