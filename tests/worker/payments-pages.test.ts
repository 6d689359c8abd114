import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../../worker/accounts/tokens";
import { FAKE_RAZORPAY_KEY_ID } from "./fake-servers/fake-razorpay";
import { withoutPageMessages } from "./page-session";
import {
  configureRazorpay,
  customerWithOrder,
  fakeRazorpay,
  formOf,
  gatewayPays,
  orderState,
  payCall,
  startPayment,
} from "./payments-helpers";

beforeAll(async () => {
  await configureRazorpay("food");
});

const SERVER_TIMING = /db;dur=[\d.]+;desc="\d+ queries, (\d+) round trips"/;
const roundTrips = (response: Response) => Number(SERVER_TIMING.exec(response.headers.get("Server-Timing") ?? "")?.[1]);

const page = (path: string, token: string, init: { form?: Record<string, string>; host?: string } = {}) =>
  payCall(path, {
    method: init.form ? "POST" : "GET",
    form: init.form,
    host: init.host,
    // A form as a browser posts it: from the store's own page, with its length declared (which a folded post needs).
    headers: {
      Cookie: `session=${token}`,
      ...(init.form
        ? { Origin: `http://${init.host ?? "food.localhost"}`, "Content-Length": String(new URLSearchParams(init.form).toString().length) }
        : {}),
    },
  });

describe("/checkout/pay/{order_id} with a session that ended after this isolate saw it (decision 056)", () => {
  const ended = async (token: string) => {
    // A page seen with the session: the isolate claims its customer from now on.
    expect((await page("/account", token)).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE token_hash = ?2")
      .bind(Date.now(), await tokenHash(token))
      .run();
  };
  const signedOut = (response: Response) => {
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("session=;"))).toBe(true);
  };

  it("the pay step asks the gateway for nothing and writes nothing", async () => {
    const { token, order } = await customerWithOrder();
    await ended(token);
    signedOut(await page(`/checkout/pay/${order.publicId}`, token));
    const asked = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_orders WHERE order_id = ?1").bind(order.id).first<number>("n");
    expect(asked).toBe(0);
  });

  it("a payment result changes nothing", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields } = await gatewayPays(pay.razorpay_order_id);
    await ended(token);
    signedOut(await page(`/checkout/pay/${order.publicId}`, token, { form: fields }));
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });
});

describe("/checkout/pay/{order_id}", () => {
  it("the pay step and the payment result each wait on two round trips, with the store's Razorpay keys read beside the order", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    // A page seen with the session: the isolate claims its customer from now on (decision 056).
    expect((await page("/account", token)).status).toBe(200);
    // The order, the customer, the keys and the claim on the gateway order; Razorpay; the gateway order stored.
    const payStep = await page(`/checkout/pay/${order.publicId}`, token);
    expect(payStep.status).toBe(200);
    expect(roundTrips(payStep)).toBe(2);
    const made = await env.DB.prepare("SELECT provider_order_id FROM payment_orders WHERE order_id = ?1")
      .bind(order.id)
      .first<string>("provider_order_id");
    // The order and the keys; Razorpay's word on the payment; the batch that pays it and reads the answer. The message
    // goes out after the answer (decision 058).
    const { fields } = await gatewayPays(made!);
    const result = await page(`/checkout/pay/${order.publicId}`, token, { form: fields });
    expect(result.status).toBe(303);
    expect(roundTrips(result)).toBe(2);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("shows the order number and amount, and a plain form to Razorpay's hosted checkout; the CSP allows Razorpay here only", async () => {
    const { token, order } = await customerWithOrder();
    const response = await page(`/checkout/pay/${order.publicId}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const number = await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(order.id).first<string>("number");
    expect(html).toContain(`data-testid="pay-order-number">${number}<`);
    expect(html).toMatch(/data-testid="pay-amount">₹100</);
    expect(html).toContain(`action="${fakeRazorpay()}/v1/checkout/embedded"`);
    expect(html).toContain(`name="key_id" value="${FAKE_RAZORPAY_KEY_ID}"`);
    expect(html).toContain(`value="http://food.localhost/api/razorpay/callback?order_id=${order.publicId}"`);

    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(`form-action 'self' ${fakeRazorpay()}`);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toContain(`frame-src 'self' https://checkout.razorpay.com ${fakeRazorpay()}`);
    const elsewhere = (await payCall("/cart", { method: "GET" })).headers.get("Content-Security-Policy") ?? "";
    expect(elsewhere).toContain("form-action 'self';");
    expect(elsewhere).not.toContain("razorpay");
    expect(elsewhere).not.toContain(fakeRazorpay());
  });

  it("is the 404 page for another customer's order, and sends a guest to sign in", async () => {
    const mine = await customerWithOrder();
    const other = await customerWithOrder();
    expect((await page(`/checkout/pay/${mine.order.publicId}`, other.token)).status).toBe(404);
    expect((await page("/checkout/pay/not-an-order", other.token)).status).toBe(404);
    const guest = await payCall(`/checkout/pay/${mine.order.publicId}`, { method: "GET" });
    expect(guest.status).toBe(303);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("with JavaScript: Checkout's handler result posted to the page pays the order and goes to /order-placed", async () => {
    const { token, order, tenantId } = await customerWithOrder();
    const pay = await startPayment(token, order.publicId);
    const { fields } = await gatewayPays(pay.razorpay_order_id);
    const tampered = await page(`/checkout/pay/${order.publicId}`, token, { form: { ...fields, razorpay_signature: "00".repeat(32) } });
    expect(tampered.status).toBe(422);
    expect(await tampered.text()).toContain("could not be verified");
    const response = await page(`/checkout/pay/${order.publicId}`, token, { form: fields });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/order-placed/${order.publicId}`);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    // Paid: the pay step sends the shopper to the confirmation.
    const again = await page(`/checkout/pay/${order.publicId}`, token);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/order-placed/${order.publicId}`);
  });

  it("the test gateway (DEV_TOOLS=1, no keys): the form posts to /dev/test-gateway", async () => {
    const { token, order } = await customerWithOrder("retail.localhost");
    const response = await payCall(`/checkout/pay/${order.publicId}`, {
      method: "GET",
      host: "retail.localhost",
      headers: { Cookie: `session=${token}` },
      env: { DEV_TOOLS: "1" },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('action="http://retail.localhost/dev/test-gateway"');
    expect(
      formOf(
        html.replace(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g, '<input type="hidden" name="$1" value="$2">'),
        "pay-button",
      ).fields.order_id,
    ).toMatch(/^order_test/);
  });
});

describe("the pay page when the payment call fails (issue 31)", () => {
  it("keeps the API's message: Razorpay not answering, and an amount under its minimum", async () => {
    const { token, order } = await customerWithOrder();
    const down = await payCall(`/checkout/pay/${order.publicId}`, {
      method: "GET",
      headers: { Cookie: `session=${token}` },
      env: { RAZORPAY_API_URL: "http://127.0.0.1:9" },
    });
    expect(down.status).toBe(502);
    const downHtml = await down.text();
    expect(downHtml).toContain('data-testid="error-page"');
    expect(downHtml).toContain("The payment service did not answer. Please try again.");
    expect(withoutPageMessages(downHtml)).not.toContain("Something went wrong");

    const small = await customerWithOrder(undefined, { total: 15 });
    const refused = await page(`/checkout/pay/${small.order.publicId}`, small.token);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("This amount is too small to pay online. Please contact the store.");
  });
});
