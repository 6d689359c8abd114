import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { transitionOrder } from "../../worker/orders";
import { issueRefund } from "../../worker/payments";
import { lastMessageTo, messageCountTo } from "./accounts-helpers";
import {
  configureRazorpay,
  customerWithOrder,
  fakeRequests,
  gatewayPays,
  orderState,
  payCall,
  payEnv,
  startPayment,
} from "./payments-helpers";
import { storeOf } from "./settings-helpers";

beforeAll(async () => {
  await configureRazorpay("food");
});

/** The cron trigger as Cloudflare runs it: the Worker's scheduled handler, in workerd. */
async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), payEnv(), ctx);
  await waitOnExecutionContext(ctx);
}

describe("the scheduled reconcile", () => {
  it("finds a captured payment whose callback and webhook never came, and pays the order; a second run changes nothing", async () => {
    const { token, order, tenantId, email } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    await gatewayPays(pay.razorpay_order_id, "captured");
    await runCron();
    const after = await orderState(tenantId, order.id);
    expect(after).toMatchObject({ status: "placed", payment_status: "paid" });
    await runCron();
    expect(await orderState(tenantId, order.id)).toEqual(after);
    // With no request to take the address from, the message links to the store's first hostname (npm start's port).
    expect(await messageCountTo(email)).toBe(1);
    expect(await lastMessageTo(email)).toMatchObject({
      subject: expect.stringMatching(/^Payment received for order /),
      body: expect.stringContaining(`http://food.localhost:8787/track-order/${order.publicId}`),
    });
  });

  it("expires an order past its payment window and releases its coupon use; one still in its window stays", async () => {
    const late = await customerWithOrder(undefined, { paymentDueBy: Date.now() - 1000 });
    const onTime = await customerWithOrder();
    const discount = await env.DB.prepare("SELECT id FROM discount_rules WHERE tenant_id = ?1 LIMIT 1")
      .bind(late.tenantId)
      .first<number>("id");
    await env.DB.prepare(
      "INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, order_id, amount, created_at) VALUES (?1, ?2, ?3, ?4, 100, ?5)",
    )
      .bind(late.tenantId, discount ?? 1, `customer:${late.customerId}`, late.order.id, Date.now())
      .run();
    await runCron();
    expect(await orderState(late.tenantId, late.order.id)).toMatchObject({ status: "expired", payment_status: "void" });
    const released = await env.DB.prepare("SELECT released_at FROM coupon_redemptions WHERE order_id = ?1")
      .bind(late.order.id)
      .first<number>("released_at");
    expect(released).toBeGreaterThan(0);
    expect(await orderState(onTime.tenantId, onTime.order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });

  it("a payment made after the order expired is recorded and refunded", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    await env.DB.prepare("UPDATE orders SET payment_due_by = ?1 WHERE id = ?2")
      .bind(Date.now() - 1000, order.id)
      .run();
    // The gateway answers nothing yet: the order expires.
    await runCron();
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "expired", payment_status: "void" });
    const { fields, payment } = await gatewayPays(pay.razorpay_order_id, "captured");
    const response = await payCall(`/api/razorpay/callback?order_id=${order.publicId}`, { form: fields });
    expect(response.status).toBe(303);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "expired" });
    const refunds = (await fakeRequests()).filter((r) => r.path === `/v1/payments/${payment.id}/refund`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["x-refund-idempotency"]).toBe(`cancel-${order.publicId}`);
    expect(
      await env.DB.prepare("SELECT refund_status FROM payments WHERE provider_payment_id = ?1").bind(payment.id).first("refund_status"),
    ).toBe("processed");
    // The history tells the whole story: expired unpaid, paid late, refunded.
    const history = await env.DB.prepare("SELECT status, payment_status FROM order_status_history WHERE order_id = ?1 ORDER BY id")
      .bind(order.id)
      .all<{ status: string; payment_status: string }>();
    expect(history.results.map((row) => `${row.status}/${row.payment_status}`).slice(-4)).toEqual([
      "expired/void",
      "expired/paid",
      "expired/refund_pending",
      "expired/refunded",
    ]);
  });
});

describe("issueRefund", () => {
  it("refunds a paid order in refund_pending once, with the idempotency header; again, it asks nothing more", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields, payment } = await gatewayPays(pay.razorpay_order_id, "captured");
    await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    // What the customer's cancel does (the lead's cancel-order): the order cancelled, its payment to be refunded.
    await transitionOrder(env.DB, tenantId, order.id, {
      status: "cancelled",
      payment: "refund_pending",
      actor: "customer",
      cancelReason: "Changed my mind",
    });

    expect(await issueRefund(payEnv(), await storeOf(tenantId), order.id)).toBe("refunded");
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(await issueRefund(payEnv(), await storeOf(tenantId), order.id)).toBe("not_refundable");
    const refunds = (await fakeRequests()).filter((r) => r.path === `/v1/payments/${payment.id}/refund`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["x-refund-idempotency"]).toBe(`cancel-${order.publicId}`);
    expect(JSON.parse(refunds[0]!.body)).toMatchObject({ speed: "normal", notes: { order: order.publicId } });
  });

  it("the cron issues a refund_pending order's refund when none was asked yet (the gateway was down at cancel)", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields } = await gatewayPays(pay.razorpay_order_id, "captured");
    await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    await transitionOrder(env.DB, tenantId, order.id, { status: "cancelled", payment: "refund_pending", actor: "customer" });
    await runCron();
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
  });
});
