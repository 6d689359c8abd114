import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { OrderAnswer } from "../../worker/orders";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import {
  configureRazorpay,
  deliver,
  gatewayPays,
  orderCreates,
  orderState,
  payCall,
  startPayment,
  webhookDelivery,
} from "./payments-helpers";
import { json } from "./request";

/** An order placed through POST /api/place-order (online), then paid through the fake Razorpay. */

beforeAll(async () => {
  await configureRazorpay("food");
});

async function placeOnlineOrder() {
  const customer = await newCustomer();
  const added = await call("/api/address/add", { token: customer.token, body: homeAddress() });
  const addressId = Math.max(...(await json<{ addresses: { id: number }[] }>(added)).addresses.map((a) => a.id));
  expect(
    (
      await call("/api/cart/add", {
        token: customer.token,
        body: { product_id: 1, quantity: 2, selected_attributes: {}, selected_multi_attributes: {} },
      })
    ).status,
  ).toBe(201);
  const priced = await call("/api/cart/delivery-location", { method: "PUT", token: customer.token, body: { address_id: addressId } });
  const total = (await json<{ total: number }>(priced)).total;
  const placed = await call("/api/place-order", {
    token: customer.token,
    body: { fulfillment: "delivery", address_id: addressId, payment_method: "online", expected_total: total },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  } as Parameters<typeof call>[1]);
  expect(placed.status).toBe(201);
  const { order } = await json<{ order: OrderAnswer }>(placed);
  const row = (await env.DB.prepare("SELECT id, tenant_id, total, number FROM orders WHERE public_id = ?1").bind(order.id).first<{
    id: number;
    tenant_id: number;
    total: number;
    number: string;
  }>())!;
  return { token: customer.token, publicId: order.id, ...row };
}

describe("paying a placed online order", () => {
  it("the Razorpay order carries the order's total and number; paid once through the handler and the webhook together", async () => {
    const order = await placeOnlineOrder();
    expect(await orderState(order.tenant_id, order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
    const pay = await startPayment(order.token, order.publicId);
    expect(pay.amount).toBe(order.total);
    const [create] = await orderCreates(order.publicId);
    expect(JSON.parse(create!.body)).toMatchObject({
      amount: order.total,
      currency: "INR",
      receipt: `${order.number}-${order.publicId}`,
      notes: { store: "food", order: order.publicId },
    });

    const { fields, payment } = await gatewayPays(pay.razorpay_order_id);
    const webhook = await webhookDelivery({ event: "payment.captured", payment_id: payment.id });
    const [handler, delivered] = await Promise.all([
      payCall("/api/razorpay/process-payment", { token: order.token, json: { order_id: order.publicId, ...fields } }),
      deliver(webhook),
    ]);
    expect(handler.status).toBe(200);
    expect(delivered.status).toBe(200);
    const after = await orderState(order.tenant_id, order.id);
    expect(after).toMatchObject({ status: "placed", payment_status: "paid" });
    const transitions = await env.DB.prepare("SELECT count(*) AS n FROM order_status_history WHERE order_id = ?1 AND actor = 'payment'")
      .bind(order.id)
      .first<number>("n");
    expect(transitions).toBe(1);
    // The customer is told once, whichever of the two paths transitioned the order; the message goes out after the
    // answer (decision 058), so it is looked for until it is there, then checked to stay one.
    const told = () =>
      env.DB.prepare("SELECT body FROM outbox WHERE subject = ?1")
        .bind(`Payment received for order ${order.number}`)
        .all<{ body: string }>()
        .then(({ results }) => results);
    await vi.waitFor(async () => expect(await told()).not.toHaveLength(0), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await told()).toHaveLength(1);
    expect((await told())[0]!.body).toContain(`/track-order/${order.publicId}`);

    expect(await handler.json()).toMatchObject({ id: order.publicId, status: "placed", payment_status: "paid" });
  });
});
