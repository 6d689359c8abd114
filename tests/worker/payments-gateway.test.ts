import { describe, expect, it } from "vitest";
import { api } from "../../worker/api";
import { SIGNED_CROSS_SITE_POSTS } from "../../worker/http/origin-check";
import { customerWithOrder, formOf, orderState, payCall, startPayment } from "./payments-helpers";

const devTools = { env: { DEV_TOOLS: "1" } };

describe("the developer test gateway (a store without Razorpay keys)", () => {
  it("with DEV_TOOLS=1: the pay step posts to /dev/test-gateway, whose Pay goes through the callback and pays the order", async () => {
    const { token, order, tenantId } = await customerWithOrder("retail.localhost");
    const pay = await startPayment(token, order.publicId, { host: "retail.localhost", ...devTools });
    expect(pay).toMatchObject({
      gateway: "test",
      key_id: "rzp_test_devgateway",
      checkout_js: null,
      checkout_url: "http://retail.localhost/dev/test-gateway",
    });
    const page = await payCall("/dev/test-gateway", { host: "retail.localhost", form: { order_id: pay.razorpay_order_id }, ...devTools });
    expect(page.status).toBe(200);
    const html = await page.text();
    const payForm = formOf(html, "test-gateway-pay");
    expect(payForm.action).toBe(`/api/razorpay/callback?order_id=${order.publicId}`);
    const back = await payCall(payForm.action, { host: "retail.localhost", form: payForm.fields, ...devTools });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/order-placed/${order.publicId}`);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
  });

  it("with DEV_TOOLS=1: Fail marks the payment failed", async () => {
    const { token, order, tenantId } = await customerWithOrder("retail.localhost");
    const pay = await startPayment(token, order.publicId, { host: "retail.localhost", ...devTools });
    const page = await payCall("/dev/test-gateway", { host: "retail.localhost", form: { order_id: pay.razorpay_order_id }, ...devTools });
    const failForm = formOf(await page.text(), "test-gateway-fail");
    expect((await payCall(failForm.action, { host: "retail.localhost", form: failForm.fields, ...devTools })).status).toBe(303);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "payment_failed", payment_status: "failed" });
  });

  it("without DEV_TOOLS (a deployed Worker): no gateway is offered, /dev/test-gateway is the 404 page, its signature is refused", async () => {
    const { token, order, tenantId } = await customerWithOrder("retail.localhost");
    const refused = await payCall("/api/razorpay/pay", { token, host: "retail.localhost", json: { order_id: order.publicId } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "payment_unavailable" });
    const page = await payCall("/dev/test-gateway", { host: "retail.localhost", form: { order_id: "order_test1" } });
    // What a post to any path without a page answers.
    const nowhere = await payCall("/dev/no-such-page", { host: "retail.localhost", form: { order_id: "order_test1" } });
    expect(page.status).toBe(nowhere.status);
    expect(page.status).toBeGreaterThanOrEqual(404);
    expect(await page.text()).not.toContain("Test payment");
    expect((await payCall("/dev/test-gateway", { method: "GET", host: "retail.localhost" })).status).toBe(404);

    // A gateway order made while the flag was on: its signed result is not accepted once it is off.
    const pay = await startPayment(token, order.publicId, { host: "retail.localhost", ...devTools });
    const form = formOf(
      await (
        await payCall("/dev/test-gateway", { host: "retail.localhost", form: { order_id: pay.razorpay_order_id }, ...devTools })
      ).text(),
      "test-gateway-pay",
    );
    expect((await payCall(form.action, { host: "retail.localhost", form: form.fields })).status).toBe(303);
    expect(await orderState(tenantId, order.id)).toMatchObject({ status: "pending_payment", payment_status: "awaiting" });
  });
});

describe("the origin check's exemptions", () => {
  const forged = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

  it("are exactly the webhook and the callback", () => {
    expect([...SIGNED_CROSS_SITE_POSTS].sort()).toEqual(["/api/razorpay/callback", "/api/razorpay/webhook"]);
  });

  it("let Razorpay's cross-site posts reach the webhook and the callback (then judged by signature)", async () => {
    const webhook = await payCall("/api/razorpay/webhook", { headers: forged, raw: "{}" });
    expect(webhook.status).toBe(401);
    const callback = await payCall("/api/razorpay/callback?order_id=aaaaaaaaaaaaaaaaaaaaaa", { headers: forged, form: {} });
    expect(callback.status).toBe(404);
    // Only their POSTs: another method from another site is refused like any other.
    expect((await payCall("/api/razorpay/webhook", { method: "DELETE", headers: forged })).status).toBe(403);
  });

  it("a forged Origin still gets 403 on every other state-changing API route and on page posts", async () => {
    const routes = api.routes
      .filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
      .map((route) => ({ method: route.method, path: route.path.replace(/:\w+/g, "1") }))
      .filter((route) => !SIGNED_CROSS_SITE_POSTS.has(route.path));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((route) => route.path)).toContain("/api/razorpay/process-payment");
    for (const route of routes) {
      const response = await payCall(route.path, { method: route.method, headers: forged, json: {} });
      expect([route.path, response.status]).toEqual([route.path, 403]);
      expect(await response.json()).toMatchObject({ code: "cross_origin" });
    }
    for (const page of ["/cart", "/login", "/account/add-address", "/checkout/pay/aaaaaaaaaaaaaaaaaaaaaa", "/dev/test-gateway"]) {
      const response = await payCall(page, { headers: { Origin: "https://evil.example" }, form: { a: "b" }, env: { DEV_TOOLS: "1" } });
      expect([page, response.status]).toEqual([page, 403]);
    }
  });
});
