import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { REFUND_ATTEMPTS, REFUND_TEXT } from "../../commerce/refunds";
import worker from "../../worker/index";
import { transitionOrder } from "../../worker/orders";
import { issueRefund } from "../../worker/payments";
import { adminCall, storeKey } from "./admin-helpers";
import {
  configureRazorpay,
  customerWithOrder,
  deliver,
  fakeRazorpay,
  fakeRequests,
  gatewayPays,
  orderState,
  payCall,
  payEnv,
  startPayment,
  webhookDelivery,
} from "./payments-helpers";
import { storeOf } from "./settings-helpers";

/** Refunds finish (issue 31): a refund Razorpay fails is asked again by the cron, until processed or the limit. */

let adminKey = "";

beforeAll(async () => {
  const tenantId = await configureRazorpay("food");
  adminKey = await storeKey(tenantId, "refunds");
});

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), payEnv(), ctx);
  await waitOnExecutionContext(ctx);
}

const control = (path: string, body: unknown) =>
  fetch(`${fakeRazorpay()}/__control/${path}`, { method: "POST", body: JSON.stringify(body) });

/** A paid order the customer cancelled, whose refunds Razorpay keeps pending until the test ends them. */
async function cancelledPaidOrder() {
  const { token, order, tenantId } = await customerWithOrder();
  const pay = await startPayment(token, order.publicId);
  const { fields, payment } = await gatewayPays(pay.razorpay_order_id, "captured");
  await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
  await control("slow-refunds", { payment_id: payment.id });
  await transitionOrder(env.DB, tenantId, order.id, { status: "cancelled", payment: "refund_pending", actor: "customer" });
  expect(await issueRefund(payEnv(), await storeOf(tenantId), order.id)).toBe("requested");
  return { token, order, tenantId, paymentId: payment.id };
}

async function refundAsked(paymentId: string) {
  return (await fakeRequests()).filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
}

/** Razorpay fails the refund last asked, and tells us by webhook. */
async function razorpayFailsLastRefund(paymentId: string) {
  const row = await env.DB.prepare("SELECT refund_id FROM payments WHERE provider_payment_id = ?1")
    .bind(paymentId)
    .first<string>("refund_id");
  await control("refund-result", { refund_id: row, outcome: "failed" });
  const delivered = await deliver(await webhookDelivery({ event: "refund.failed", refund_id: row!, payment_id: paymentId }));
  expect(delivered.status).toBe(200);
  return row!;
}

async function ownersView(publicId: string) {
  const response = await adminCall(`/orders/${publicId}`, adminKey);
  expect(response.status).toBe(200);
  return (await response.json()) as { payment_status: string; refund: { status: string; attempts: number } | null };
}

describe("a refund Razorpay fails", () => {
  it("is asked again by the cron under a new idempotency key, and the order ends refunded", async () => {
    const { order, tenantId, paymentId } = await cancelledPaidOrder();
    expect(await ownersView(order.publicId)).toMatchObject({
      payment_status: "refund_pending",
      refund: { status: "pending", attempts: 1 },
    });

    const failed = await razorpayFailsLastRefund(paymentId);
    expect(await ownersView(order.publicId)).toMatchObject({
      payment_status: "refund_pending",
      refund: { status: "retrying", attempts: 1 },
    });

    await runCron();
    const asked = await refundAsked(paymentId);
    expect(asked.map((r) => r.headers["x-refund-idempotency"])).toEqual([`cancel-${order.publicId}`, `cancel-${order.publicId}-2`]);
    expect(await ownersView(order.publicId)).toMatchObject({ refund: { status: "pending", attempts: 2 } });
    // The first refund's failure, delivered again late, does not count against the new one.
    await deliver(await webhookDelivery({ event: "refund.failed", refund_id: failed, payment_id: paymentId }));
    expect(await ownersView(order.publicId)).toMatchObject({ refund: { status: "pending", attempts: 2 } });

    const second = await env.DB.prepare("SELECT refund_id FROM payments WHERE provider_payment_id = ?1")
      .bind(paymentId)
      .first<string>("refund_id");
    await control("refund-result", { refund_id: second, outcome: "processed" });
    await deliver(await webhookDelivery({ event: "refund.processed", refund_id: second!, payment_id: paymentId }));
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(await ownersView(order.publicId)).toMatchObject({ payment_status: "refunded", refund: { status: "processed", attempts: 2 } });
    await runCron();
    expect(await refundAsked(paymentId)).toHaveLength(2);
  });

  it(`stops after ${REFUND_ATTEMPTS} failed refunds, and the order and the owner's API say it failed`, async () => {
    const { token, order, paymentId } = await cancelledPaidOrder();
    for (let attempt = 1; attempt < REFUND_ATTEMPTS; attempt++) {
      await razorpayFailsLastRefund(paymentId);
      await runCron();
    }
    await razorpayFailsLastRefund(paymentId);
    expect(await refundAsked(paymentId)).toHaveLength(REFUND_ATTEMPTS);
    await runCron();
    expect(await refundAsked(paymentId)).toHaveLength(REFUND_ATTEMPTS);
    expect(await ownersView(order.publicId)).toMatchObject({
      payment_status: "refund_pending",
      refund: { status: "failed", attempts: REFUND_ATTEMPTS },
    });
    const mine = await payCall(`/api/get-single-order?order_id=${order.publicId}`, { method: "GET", token });
    expect(await mine.json()).toMatchObject({ refund: { status: "failed", attempts: REFUND_ATTEMPTS } });
    const page = await payCall(`/account/my-orders/${order.publicId}`, { method: "GET", headers: { Cookie: `session=${token}` } });
    expect(await page.text()).toContain(`data-testid="order-refund">${REFUND_TEXT.failed}<`);
  });
});
