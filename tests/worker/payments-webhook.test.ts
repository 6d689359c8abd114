import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { transitionOrder } from "../../worker/orders";
import { FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET, FAKE_RAZORPAY_WEBHOOK_SECRET } from "./fake-servers/fake-razorpay";
import {
  configureRazorpay,
  customerWithOrder,
  deliver,
  fakeRazorpay,
  gatewayPays,
  orderState,
  startPayment,
  webhookDelivery,
} from "./payments-helpers";

beforeAll(async () => {
  await configureRazorpay("food");
});

/** An order with a Razorpay order, paid (or failed) at the gateway without the checkout telling us. */
async function paidAtGateway(outcome: "captured" | "failed" = "captured") {
  const customer = await customerWithOrder();
  const pay = await startPayment(customer.token, customer.order.publicId);
  const { payment } = await gatewayPays(pay.razorpay_order_id, outcome);
  return { ...customer, pay, payment };
}

describe("POST /api/razorpay/webhook", () => {
  it("payment.captured pays the order; the same event delivered again is 200 and applied once", async () => {
    const { tenantId, order, payment } = await paidAtGateway();
    const delivery = await webhookDelivery({ event: "payment.captured", payment_id: payment.id });
    const first = await deliver(delivery);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, result: "moved" });
    const after = await orderState(tenantId, order.id);
    expect(after).toMatchObject({ status: "placed", payment_status: "paid", history: 2 });

    const again = await deliver(delivery);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, result: "duplicate" });
    // Another event id for the same payment (order.paid) finds the order already paid.
    const orderPaid = await deliver(await webhookDelivery({ event: "order.paid", payment_id: payment.id }));
    expect(await orderPaid.json()).toEqual({ ok: true, result: "unchanged" });
    expect(await orderState(tenantId, order.id)).toEqual(after);
  });

  it("a bad signature is 401 and changes nothing: flipped body byte, other secret, re-serialised body, no header", async () => {
    const { tenantId, order, payment } = await paidAtGateway();
    const delivery = await webhookDelivery({ event: "payment.captured", payment_id: payment.id });
    const before = await orderState(tenantId, order.id);
    const otherSecret = await webhookDelivery({ event: "payment.captured", payment_id: payment.id, secret: "not-the-webhook-secret" });
    const { "X-Razorpay-Signature": _, ...unsigned } = delivery.headers;
    const forged = [
      { ...delivery, body: delivery.body.replace('"amount":10000', '"amount":10001') },
      otherSecret,
      { ...delivery, body: JSON.stringify(JSON.parse(delivery.body), null, 2) },
      { ...delivery, headers: unsigned },
    ];
    for (const attempt of forged) {
      const response = await deliver(attempt);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "invalid_signature" });
    }
    expect(await orderState(tenantId, order.id)).toEqual(before);
    expect(FAKE_RAZORPAY_WEBHOOK_SECRET).not.toBe("not-the-webhook-secret");
  });

  it("events out of order never take an order back: a failure after the capture leaves it paid", async () => {
    const { tenantId, order, pay, payment } = await paidAtGateway();
    const { payment: failedAttempt } = await gatewayPays(pay.razorpay_order_id, "failed");
    const captured = await webhookDelivery({ event: "payment.captured", payment_id: payment.id });
    const failed = await webhookDelivery({ event: "payment.failed", payment_id: failedAttempt.id });
    expect((await deliver(captured)).status).toBe(200);
    const paid = await orderState(tenantId, order.id);
    expect(await (await deliver(failed)).json()).toEqual({ ok: true, result: "unchanged" });
    expect(await orderState(tenantId, order.id)).toEqual(paid);
  });

  it("a failure first, then the capture: failed, then placed and paid", async () => {
    const { tenantId, order, pay, payment: failedAttempt } = await paidAtGateway("failed");
    const { payment: captured } = await gatewayPays(pay.razorpay_order_id, "captured");
    const failed = await deliver(await webhookDelivery({ event: "payment.failed", payment_id: failedAttempt.id }));
    expect(await failed.json()).toEqual({ ok: true, result: "moved" });
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "payment_failed", payment_status: "failed" });
    const paid = await deliver(await webhookDelivery({ event: "payment.captured", payment_id: captured.id }));
    expect(await paid.json()).toEqual({ ok: true, result: "moved" });
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("refund.processed refunds the order's payment; a capture delivered after it never takes the order back", async () => {
    const { tenantId, order, payment } = await paidAtGateway();
    expect((await deliver(await webhookDelivery({ event: "payment.captured", payment_id: payment.id }))).status).toBe(200);
    await transitionOrder(env.DB, tenantId, order.id, { status: "cancelled", payment: "refund_pending", actor: "customer" });
    // The refund made at Razorpay (say from its dashboard); only the webhook tells us.
    const refund = await fetch(`${fakeRazorpay()}/v1/payments/${payment.id}/refund`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${FAKE_RAZORPAY_KEY_ID}:${FAKE_RAZORPAY_KEY_SECRET}`)}`,
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    const { id: refundId } = (await refund.json()) as { id: string };
    const processed = await deliver(await webhookDelivery({ event: "refund.processed", payment_id: payment.id, refund_id: refundId }));
    expect(await processed.json()).toEqual({ ok: true, result: "moved" });
    const refunded = await orderState(tenantId, order.id);
    expect(refunded).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(
      await env.DB.prepare("SELECT refund_id, refund_status FROM payments WHERE provider_payment_id = ?1").bind(payment.id).first(),
    ).toEqual({
      refund_id: refundId,
      refund_status: "processed",
    });
    const lateCapture = await deliver(await webhookDelivery({ event: "payment.captured", payment_id: payment.id }));
    expect(await lateCapture.json()).toEqual({ ok: true, result: "unchanged" });
    expect(await orderState(tenantId, order.id)).toEqual(refunded);
  });

  it("a payment whose amount is not the order's changes nothing", async () => {
    const { tenantId, order, payment } = await paidAtGateway();
    await env.DB.prepare("UPDATE payment_orders SET amount = 20000 WHERE order_id = ?1").bind(order.id).run();
    const before = await orderState(tenantId, order.id);
    const response = await deliver(await webhookDelivery({ event: "payment.captured", payment_id: payment.id }));
    expect(await response.json()).toEqual({ ok: true, result: "mismatch" });
    expect(await orderState(tenantId, order.id)).toEqual(before);
  });

  it("a store without keys answers 401; another store's order is not found by this store", async () => {
    const { payment } = await paidAtGateway();
    const delivery = await webhookDelivery({ event: "payment.captured", payment_id: payment.id });
    expect((await deliver(delivery, "retail.localhost")).status).toBe(401);
    await configureRazorpay("retail");
    const response = await deliver(await webhookDelivery({ event: "payment.captured", payment_id: payment.id }), "retail.localhost");
    expect(await response.json()).toEqual({ ok: true, result: "unknown_order" });
  });
});
