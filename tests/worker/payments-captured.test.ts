import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gatewayFailure } from "../../worker/api/gateway-failure";
import worker from "../../worker/index";
import { GatewayError } from "../../worker/payments";
import {
  configureRazorpay,
  customerWithOrder,
  deliver,
  fakeRazorpay,
  fakeRequests,
  formOf,
  gatewayPays,
  orderCreates,
  orderState,
  payCall,
  payEnv,
  startPayment,
  webhookDelivery,
} from "./payments-helpers";

/**
 * Paid means captured (issue 31): whichever path reports a payment, the order is paid only as Razorpay itself has it
 * captured; an authorized payment is captured by us for the order's amount. And one Razorpay order per order, however
 * the pay step is raced. Against the fake Razorpay on loopback (tests/worker/fake-servers/fake-razorpay.ts).
 */

beforeAll(async () => {
  await configureRazorpay("food");
});

async function runCron(overrides: Parameters<typeof payEnv>[0] = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), payEnv(overrides), ctx);
  await waitOnExecutionContext(ctx);
}

async function fakePayment(id: string) {
  return (await (await fetch(`${fakeRazorpay()}/__control/payment-of?payment_id=${id}`)).json()) as { status: string };
}

const captures = async (paymentId: string) => (await fakeRequests()).filter((r) => r.path === `/v1/payments/${paymentId}/capture`);

/** Razorpay's address when it does not answer (nothing listens on port 9, the discard port). */
const DOWN = { RAZORPAY_API_URL: "http://127.0.0.1:9" };

describe("paid means captured", () => {
  it("process-payment with an authorized payment: captured through the API for the order's amount, then paid", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields, payment } = await gatewayPays(pay.razorpay_order_id, "authorized");
    const response = await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "placed", payment_status: "paid" });
    const asked = await captures(payment.id);
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!.body)).toEqual({ amount: 10000, currency: "INR" });
    expect((await fakePayment(payment.id)).status).toBe("captured");
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("a good signature for a payment Razorpay does not have changes nothing", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    // Signed with the store's real key secret, for a payment id Razorpay never made.
    const signature = await signed(pay.razorpay_order_id, "pay_NeverMade0001");
    const response = await payCall("/api/razorpay/process-payment", {
      token,
      json: {
        order_id: order.publicId,
        razorpay_order_id: pay.razorpay_order_id,
        razorpay_payment_id: "pay_NeverMade0001",
        razorpay_signature: signature,
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "payment_not_verified" });
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });

  it("while Razorpay does not answer, a signed result leaves the order waiting; the cron captures it and pays it", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields, payment } = await gatewayPays(pay.razorpay_order_id, "authorized");
    const response = await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields }, env: DOWN });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "pending_payment", payment_status: "awaiting", can_pay: true });
    expect((await fakePayment(payment.id)).status).toBe("authorized");
    // The cron, with Razorpay down, neither pays nor expires it; with Razorpay back, it captures and pays.
    await runCron(DOWN);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment" });
    await runCron();
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    expect(await captures(payment.id)).toHaveLength(1);
  });

  it("the no-JS callback: the hosted checkout's Pay authorizes; the order is paid only once we captured it", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const checkout = await fetch(pay.checkout_url, {
      method: "POST",
      body: new URLSearchParams({ key_id: pay.key_id, order_id: pay.razorpay_order_id, callback_url: pay.callback_url, name: pay.name }),
    });
    const decide = formOf(await checkout.text(), "fake-pay");
    expect(decide.fields.outcome).toBe("authorized");
    const decided = await fetch(new URL(decide.action, fakeRazorpay()), { method: "POST", body: new URLSearchParams(decide.fields) });
    const back = formOf(await decided.text(), "fake-continue");
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment" });
    const callback = await payCall(new URL(back.action).pathname + new URL(back.action).search, { form: back.fields });
    expect(callback.status).toBe(303);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    expect((await fakePayment(back.fields.razorpay_payment_id!)).status).toBe("captured");
  });

  it("payment.authorized by webhook is captured and pays the order; the capture's own webhook then changes nothing", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { payment } = await gatewayPays(pay.razorpay_order_id, "authorized");
    const authorized = await deliver(await webhookDelivery({ event: "payment.authorized", payment_id: payment.id }));
    expect(await authorized.json()).toMatchObject({ result: "moved" });
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    const capturedEvent = await deliver(await webhookDelivery({ event: "payment.captured", payment_id: payment.id }));
    expect(await capturedEvent.json()).toMatchObject({ result: "unchanged" });
  });

  it("the cron captures an authorized payment nobody reported", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { payment } = await gatewayPays(pay.razorpay_order_id, "authorized");
    await runCron();
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    expect((await fakePayment(payment.id)).status).toBe("captured");
  });

  it("an authorized payment for an order already closed is not captured (Razorpay refunds uncaptured payments itself)", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    await env.DB.prepare("UPDATE orders SET status = 'expired', payment_status = 'void' WHERE id = ?1").bind(order.id).run();
    const { payment } = await gatewayPays(pay.razorpay_order_id, "authorized");
    await deliver(await webhookDelivery({ event: "payment.authorized", payment_id: payment.id }));
    expect(await captures(payment.id)).toHaveLength(0);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "expired", payment_status: "void" });
  });
});

/** The checkout signature as Razorpay makes it (hex HMAC-SHA256 with the key secret of order_id|payment_id). */
async function signed(orderId: string, paymentId: string): Promise<string> {
  const { FAKE_RAZORPAY_KEY_SECRET } = await import("./fake-servers/fake-razorpay");
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(FAKE_RAZORPAY_KEY_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${orderId}|${paymentId}`));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("one Razorpay order per order", () => {
  async function receiptOrders(receipt: string) {
    const response = await fetch(`${fakeRazorpay()}/v1/orders?receipt=${encodeURIComponent(receipt)}`, {
      headers: { Authorization: `Basic ${btoa("rzp_test_fakeKey0001:fake_key_secret_0001")}` },
    });
    return ((await response.json()) as { items: { id: string }[] }).items;
  }

  it("two first pay steps at once make one Razorpay order, and both answer it", async () => {
    const { token, order } = await customerWithOrder();
    await fetch(`${fakeRazorpay()}/__control/order-create`, {
      method: "POST",
      body: JSON.stringify({ order: order.publicId, delay_ms: 400 }),
    });
    const [first, second] = await Promise.all([startPayment(token, order.publicId), startPayment(token, order.publicId)]);
    expect(second.razorpay_order_id).toBe(first.razorpay_order_id);
    expect(await orderCreates(order.publicId)).toHaveLength(1);
    const number = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<string>("number"))!;
    expect(await receiptOrders(`${number}-${order.publicId}`)).toEqual([expect.objectContaining({ id: first.razorpay_order_id })]);
    // The claim the maker took beside its first read is given up with the gateway order stored.
    const claims = await env.DB.prepare("SELECT count(*) AS n FROM payment_order_claims WHERE order_id = ?1")
      .bind(order.id)
      .first<number>("n");
    expect(claims).toBe(0);
  });

  it("a creation whose reply was lost is found by its receipt on the next pay step, not made again", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    await fetch(`${fakeRazorpay()}/__control/order-create`, {
      method: "POST",
      body: JSON.stringify({ order: order.publicId, drop_reply: true }),
    });
    const lost = await payCall("/api/razorpay/pay", { token, json: { order_id: order.publicId } });
    expect(lost.status).toBe(502);
    expect(await lost.json()).toMatchObject({ code: "payment_gateway_failed" });
    const retry = await startPayment(token, order.publicId);
    expect(await orderCreates(order.publicId)).toHaveLength(1);
    const number = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<string>("number"))!;
    const made = await receiptOrders(`${number}-${order.publicId}`);
    expect(made.map((o) => o.id)).toEqual([retry.razorpay_order_id]);
    // And it is the payable one: a payment of it pays our order.
    const { fields } = await gatewayPays(retry.razorpay_order_id, "captured");
    await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });
});

describe("the gateway's minimum and refusals", () => {
  it("an order whose rest is under ₹1 is refused with a clear message before Razorpay is asked", async () => {
    const { token, order } = await customerWithOrder(undefined, { total: 15 });
    const response = await payCall("/api/razorpay/pay", { token, json: { order_id: order.publicId } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      code: "payment_gateway_refused",
      message: "This amount is too small to pay online. Please contact the store.",
    });
    expect(await orderCreates(order.publicId)).toHaveLength(0);
    // The claim on making its gateway order, taken beside the order's read, was given up with the refusal.
    const claims = await env.DB.prepare("SELECT count(*) AS n FROM payment_order_claims WHERE order_id = ?1")
      .bind(order.id)
      .first<number>("n");
    expect(claims).toBe(0);
  });

  it("Razorpay's 4xx answers are refusals with a shopper's message, never 'did not answer'", () => {
    const minimum = gatewayFailure(new GatewayError("400", 400, "The amount must be atleast INR 1.00"));
    expect(minimum).toMatchObject({ status: 422, code: "payment_gateway_refused", message: expect.stringMatching(/too small/) });
    expect(gatewayFailure(new GatewayError("401", 401, "Authentication failed"))).toMatchObject({
      code: "payment_gateway_refused",
      message: expect.stringMatching(/not set up correctly/),
    });
    expect(gatewayFailure(new GatewayError("400", 400, "Something else"))?.message).not.toMatch(/did not answer/);
    expect(gatewayFailure(new GatewayError("timeout"))).toMatchObject({ status: 502, code: "payment_gateway_failed" });
    expect(gatewayFailure(new GatewayError("503", 503, null))).toMatchObject({ status: 502, code: "payment_gateway_failed" });
  });
});
