import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, lastMessageTo, newCustomer, register } from "./accounts-helpers";
import { storedOrder } from "./admin-helpers";
import { insertOrder } from "./order-fixtures";
import { json } from "./request";

const cancel = (token: string, order_id: string, reason?: string) => call("/api/cancel-order", { token, body: { order_id, reason } });

async function couponUse(orderId: number, customerId: number) {
  await env.DB.prepare(
    "INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, order_id, amount, created_at) VALUES (1, 999998, ?1, ?2, 50, ?3)",
  )
    .bind(`customer:${customerId}`, orderId, Date.now())
    .run();
}

async function released(orderId: number) {
  const row = await env.DB.prepare("SELECT released_at FROM coupon_redemptions WHERE order_id = ?1")
    .bind(orderId)
    .first<{ released_at: number | null }>();
  return row?.released_at ?? null;
}

describe("cancelling an order", () => {
  it("cancels a cash order in the window: payment void, coupon use released, the customer told", async () => {
    const { account, signedIn } = await register();
    const order = await insertOrder({ customerId: signedIn.user.id });
    await couponUse(order.id, signedIn.user.id);
    const response = await cancel(signedIn.token, order.publicId, "Ordered twice");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(response)).toMatchObject({
      order: { id: order.publicId, status: "cancelled", payment_status: "void", can_cancel: false, cancel_reason: "Ordered twice" },
      refund_due: false,
    });
    expect(await storedOrder(order.id)).toMatchObject({
      cancel_reason: "Ordered twice",
      history: [{}, { status: "cancelled", payment_status: "void", actor: "customer", note: "Ordered twice" }],
    });
    expect(await released(order.id)).toBeGreaterThan(0);
    const mail = await lastMessageTo(account.email);
    const { number } = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<{ number: string }>())!;
    expect(mail?.subject).toBe(`Order ${number} is cancelled`);
    expect(mail?.body).toContain(`/track-order/${order.publicId}`);
    // Once cancelled, a second cancel is refused and changes nothing.
    const again = await cancel(signedIn.token, order.publicId);
    expect(again.status).toBe(422);
    expect((await storedOrder(order.id)).history).toHaveLength(2);
  });

  it("answers that a paid order's money is due back", async () => {
    const me = await newCustomer();
    const order = await insertOrder({ customerId: me.id, status: "confirmed", paymentMethod: "online", paymentStatus: "paid" });
    expect(await json(await cancel(me.token, order.publicId))).toMatchObject({
      order: { status: "cancelled", payment_status: "refund_pending" },
      refund_due: true,
    });
    const waiting = await insertOrder({ customerId: me.id, status: "pending_payment", paymentMethod: "online", paymentStatus: "awaiting" });
    expect(await json(await cancel(me.token, waiting.publicId))).toMatchObject({
      order: { status: "cancelled", payment_status: "void" },
      refund_due: false,
    });
  });

  it("refuses after dispatch, and after the window, with the message, changing nothing", async () => {
    const me = await newCustomer();
    for (const status of ["packed", "out_for_delivery"]) {
      const order = await insertOrder({ customerId: me.id, status });
      await couponUse(order.id, me.id);
      const response = await cancel(me.token, order.publicId);
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        code: "cannot_cancel",
        message: "This order has been dispatched and can no longer be cancelled.",
      });
      expect(await storedOrder(order.id)).toMatchObject({ status, history: [{}] });
      expect(await released(order.id)).toBeNull();
    }
    const late = await insertOrder({ customerId: me.id, placedAt: Date.now() - 3_600_000, cancelUntil: Date.now() - 1 });
    const response = await cancel(me.token, late.publicId);
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ message: "The time to cancel this order has passed." });
    expect((await storedOrder(late.id)).status).toBe("placed");
  });

  it("is 404 for another customer's order, another store's, or an unknown id, and 401 for a guest", async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    const theirs = await insertOrder({ customerId: other.id });
    const otherStore = await insertOrder({ tenantId: 2, customerId: me.id });
    for (const id of [theirs.publicId, otherStore.publicId, "x".repeat(22)]) {
      const response = await cancel(me.token, id);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ code: "order_not_found" });
    }
    expect((await storedOrder(theirs.id)).status).toBe("placed");
    expect((await storedOrder(otherStore.id)).status).toBe("placed");
    expect((await call("/api/cancel-order", { body: { order_id: theirs.publicId } })).status).toBe(401);
    expect((await cancel(me.token, "short")).status).toBe(400);
  });
});
