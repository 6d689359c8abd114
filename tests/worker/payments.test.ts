import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET } from "./fake-servers/fake-razorpay";
import {
  configureRazorpay,
  customerWithOrder,
  fakeRazorpay,
  formOf,
  gatewayPays,
  orderCreates,
  orderState,
  payCall,
  startPayment,
} from "./payments-helpers";

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

beforeAll(async () => {
  await configureRazorpay("food");
});

describe("POST /api/razorpay/pay", () => {
  it("creates the Razorpay order once (subunits, receipt = order number and id, notes) and reuses it for a retry", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const first = await startPayment(token, order.publicId);
    expect(first).toMatchObject({
      order_id: order.publicId,
      gateway: "razorpay",
      key_id: FAKE_RAZORPAY_KEY_ID,
      amount: 10000,
      currency: "INR",
      name: "Spice Route Kitchen",
      checkout_url: `${fakeRazorpay()}/v1/checkout/embedded`,
      callback_url: `http://food.localhost/api/razorpay/callback?order_id=${order.publicId}`,
      cancel_url: `http://food.localhost/checkout/pay/${order.publicId}`,
    });
    expect(first.razorpay_order_id).toMatch(/^order_/);
    expect(first.prefill.email).toMatch(/@example\.com$/);
    const again = await startPayment(token, order.publicId);
    expect(again.razorpay_order_id).toBe(first.razorpay_order_id);

    const number = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<string>("number"))!;
    const creates = await orderCreates(order.publicId);
    expect(creates).toHaveLength(1);
    expect(JSON.parse(creates[0]!.body)).toEqual({
      amount: 10000,
      currency: "INR",
      receipt: `${number}-${order.publicId}`,
      notes: { store: "food", order: order.publicId },
    });
    expect(creates[0]!.headers.authorization).toBe(`Basic ${btoa(`${FAKE_RAZORPAY_KEY_ID}:${FAKE_RAZORPAY_KEY_SECRET}`)}`);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });

  it("is 404 for another customer's order and 401 for a guest, creating nothing", async () => {
    const mine = await customerWithOrder();
    const other = await customerWithOrder();
    const response = await payCall("/api/razorpay/pay", { token: other.token, json: { order_id: mine.order.publicId } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "order_not_found" });
    expect((await payCall("/api/razorpay/pay", { json: { order_id: mine.order.publicId } })).status).toBe(401);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payment_orders WHERE order_id = ?1").bind(mine.order.id).first("n")).toBe(0);
  });

  it("refuses an order already paid with 409 already_paid", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields } = await gatewayPays(pay.razorpay_order_id);
    expect((await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } })).status).toBe(200);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    const again = await payCall("/api/razorpay/pay", { token, json: { order_id: order.publicId } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "already_paid" });
  });

  it("refuses an order past its payment window with 409 not_payable", async () => {
    const { token, order } = await customerWithOrder(undefined, { paymentDueBy: Date.now() - 1000 });
    const response = await payCall("/api/razorpay/pay", { token, json: { order_id: order.publicId } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "not_payable" });
  });
});

describe("POST /api/razorpay/process-payment", () => {
  it("a good signature places and pays the order, once; the same result again changes nothing", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields, payment } = await gatewayPays(pay.razorpay_order_id);
    const response = await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ id: order.publicId, status: "placed", payment_status: "paid", can_pay: false });
    const after = await orderState(tenantId, order.id);
    expect(after).toMatchObject({ status: "placed", payment_status: "paid", history: 2 });
    expect(await env.DB.prepare("SELECT status, amount FROM payments WHERE provider_payment_id = ?1").bind(payment.id).first()).toEqual({
      status: "captured",
      amount: 10000,
    });

    const replay = await payCall("/api/razorpay/process-payment", { token, json: { order_id: order.publicId, ...fields } });
    expect(replay.status).toBe(200);
    expect(await orderState(tenantId, order.id)).toEqual(after);
  });

  it("refuses a tampered signature, another order's signature and a client-chosen order id, changing nothing", async () => {
    const a = await customerWithOrder();
    const b = await customerWithOrder();
    const payA = await startPayment(a.token, a.order.publicId);
    const payB = await startPayment(b.token, b.order.publicId);
    const { fields } = await gatewayPays(payA.razorpay_order_id);
    const before = await orderState(b.tenantId, b.order.id);
    const beforeA = await orderState(a.tenantId, a.order.id);

    const tampered = { ...fields, razorpay_signature: fields.razorpay_signature!.replace(/^./, (c) => (c === "0" ? "1" : "0")) };
    const attempts = [
      // A flipped signature for the right order.
      { token: a.token, json: { order_id: a.order.publicId, ...tampered } },
      // A's valid result replayed on B's order, naming A's Razorpay order and then B's.
      { token: b.token, json: { order_id: b.order.publicId, ...fields } },
      { token: b.token, json: { order_id: b.order.publicId, ...fields, razorpay_order_id: payB.razorpay_order_id } },
      // A signature made for a Razorpay order the client chose, not the one stored for the order.
      {
        token: b.token,
        json: {
          order_id: b.order.publicId,
          razorpay_order_id: "order_chosenbyclient",
          razorpay_payment_id: "pay_chosenbyclient",
          razorpay_signature: await hmacHex(FAKE_RAZORPAY_KEY_SECRET, "order_chosenbyclient|pay_chosenbyclient"),
        },
      },
      // Signed with another secret.
      {
        token: b.token,
        json: {
          order_id: b.order.publicId,
          razorpay_order_id: payB.razorpay_order_id,
          razorpay_payment_id: "pay_forged0001",
          razorpay_signature: await hmacHex("not-the-key-secret", `${payB.razorpay_order_id}|pay_forged0001`),
        },
      },
    ];
    for (const attempt of attempts) {
      const response = await payCall("/api/razorpay/process-payment", attempt);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "payment_not_verified" });
    }
    expect(await orderState(b.tenantId, b.order.id)).toEqual(before);
    expect(await orderState(a.tenantId, a.order.id)).toEqual(beforeA);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE order_id IN (?1, ?2)").bind(a.order.id, b.order.id).first("n"),
    ).toBe(0);
  });

  it("is 404 for another customer's order, even with a valid signature", async () => {
    const mine = await customerWithOrder();
    const other = await customerWithOrder();
    const pay = await startPayment(mine.token, mine.order.publicId);
    const { fields } = await gatewayPays(pay.razorpay_order_id);
    const response = await payCall("/api/razorpay/process-payment", {
      token: other.token,
      json: { order_id: mine.order.publicId, ...fields },
    });
    expect(response.status).toBe(404);
    expect(await orderState(mine.tenantId, mine.order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });
});

describe("the hosted checkout's redirect callback (no JavaScript)", () => {
  /** The shopper's trip: the pay step's form to Razorpay, a button there, and Razorpay's page posting back to us. */
  async function hostedCheckout(pay: Awaited<ReturnType<typeof startPayment>>, button: "fake-pay" | "fake-fail") {
    const checkout = await fetch(pay.checkout_url, {
      method: "POST",
      body: new URLSearchParams({
        key_id: pay.key_id,
        order_id: pay.razorpay_order_id,
        amount: String(pay.amount),
        currency: pay.currency,
        name: pay.name,
        callback_url: pay.callback_url,
        cancel_url: pay.cancel_url,
        "prefill[email]": pay.prefill.email,
      }),
    });
    expect(checkout.status).toBe(200);
    const decide = formOf(await checkout.text(), button);
    const result = await fetch(new URL(decide.action, pay.checkout_url), { method: "POST", body: new URLSearchParams(decide.fields) });
    const back = formOf(await result.text(), "fake-continue");
    expect(back.action).toBe(pay.callback_url);
    const url = new URL(back.action);
    // A cross-site form post from Razorpay's page: exempt from the origin check, authenticated by its signature.
    return payCall(`${url.pathname}${url.search}`, {
      form: back.fields,
      headers: { Origin: fakeRazorpay(), "Sec-Fetch-Site": "cross-site" },
    });
  }

  it("Pay: 303 to /order-placed, the order placed and paid", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const response = await hostedCheckout(await startPayment(token, order.publicId), "fake-pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/order-placed/${order.publicId}`);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("Fail: 303 to /order-placed, the payment failed; a retry pays the same Razorpay order", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const failed = await hostedCheckout(pay, "fake-fail");
    expect(failed.status).toBe(303);
    expect(failed.headers.get("Location")).toBe(`/order-placed/${order.publicId}`);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "payment_failed", payment_status: "failed" });

    const retry = await startPayment(token, order.publicId);
    expect(retry.razorpay_order_id).toBe(pay.razorpay_order_id);
    expect((await hostedCheckout(retry, "fake-pay")).status).toBe(303);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("an unsigned failure the gateway does not confirm, or a forged success, changes nothing", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const before = await orderState(tenantId, order.id);
    const path = `/api/razorpay/callback?order_id=${order.publicId}`;
    const forgedFailure = await payCall(path, {
      form: {
        "error[code]": "BAD_REQUEST_ERROR",
        "error[metadata]": JSON.stringify({ payment_id: "pay_neverhappened", order_id: pay.razorpay_order_id }),
      },
    });
    expect(forgedFailure.status).toBe(303);
    const forgedSuccess = await payCall(path, {
      form: { razorpay_order_id: pay.razorpay_order_id, razorpay_payment_id: "pay_forged0002", razorpay_signature: "ab".repeat(32) },
    });
    expect(forgedSuccess.status).toBe(303);
    expect(await orderState(tenantId, order.id)).toEqual(before);
  });
});
