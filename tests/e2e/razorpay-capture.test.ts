import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET, FAKE_RAZORPAY_WEBHOOK_SECRET } from "../worker/fake-servers/fake-razorpay";
import { apiOk, storeApi, visitorAddress } from "./api-steps";
import { BASE_PORT, PERSIST_DIR, useBrowser, VARIANTS, visibleText } from "./helpers";

/**
 * Paid means captured, in Chromium without JavaScript (issue 31): a store with Razorpay keys (the food store again, as
 * tests/fixtures/razorpay-store.json, whose key id is the fake's) on the suite's server, whose RAZORPAY_API_URL is the
 * fake Razorpay the global setup started (tests/worker/fake-servers/fake-razorpay.ts). The fake's hosted checkout's Pay
 * only authorizes, as for an account without automatic capture.
 */

const PORT = BASE_PORT;
const HOST = "razorpay.localhost";
const NO_JS = VARIANTS.find((variant) => !variant.js && variant.width === 1280)!;
const fakeUrl = inject("fakeRazorpayUrl");

/** A call to the Razorpay store's API (tests/e2e/api-steps.ts, with this store's Host). */
const api = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  storeApi(method, path, { Host: HOST, ...headers }, body);

beforeAll(() => {
  // The owner sets the store's secrets as the README says, into the database the suite's server uses.
  execFileSync(
    "npm",
    [
      ...["run", "--silent", "store:razorpay", "--", "--store", "razorpay", "--key-id", FAKE_RAZORPAY_KEY_ID],
      ...["--key-secret", FAKE_RAZORPAY_KEY_SECRET, "--webhook-secret", FAKE_RAZORPAY_WEBHOOK_SECRET, "--persist-to", PERSIST_DIR],
    ],
    { stdio: "pipe" },
  );
}, 60_000);

describe("the no-JavaScript pay path against Razorpay", () => {
  const { open } = useBrowser();

  it("ends on a paid order only after the Worker captured the authorized payment", async () => {
    const unique = `${Date.now()}`;
    const account = {
      name: "Asha Tester",
      email: `money-${unique}@example.com`,
      phone: `9${unique.slice(-9)}`,
      password: "correct horse battery",
    };
    const { token } = await apiOk<{ token: string }>(api("POST", "/api/register", { "CF-Connecting-IP": visitorAddress() }, account), 201);
    const bearer = { Authorization: `Bearer ${token}` };
    const address = {
      name: "Asha Rao",
      phone: "+91 98000 00001",
      line1: "Flat 402",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560038",
      label: "Home",
    };
    // Sent without a position, as the no-JS form sends it: the Worker places it.
    const saved = await apiOk<{ addresses: { id: number }[] }>(api("POST", "/api/address/add", bearer, address), 201);
    const addressId = saved.addresses[0]!.id;
    await apiOk(api("POST", "/api/cart/add", bearer, { product_id: 1, quantity: 1 }), 201);
    const priced = await apiOk<{ total: number }>(api("PUT", "/api/cart/delivery-location", bearer, { address_id: addressId }), 200);
    const body = { fulfillment: "delivery", address_id: addressId, payment_method: "online", expected_total: priced.total };
    const { order } = await apiOk<{ order: { id: string } }>(
      api("POST", "/api/place-order", { ...bearer, "Idempotency-Key": crypto.randomUUID() }, body),
      201,
    );

    const base = `http://${HOST}:${PORT}`;
    const { page, tolerateProblem } = await open(`${base}/healthz`, NO_JS);
    tolerateProblem(/^http 404: GET http:\/\/127\.0\.0\.1:\d+\/favicon\.ico$/, "the fake Razorpay's pages have no icon");
    await page.context().addCookies([{ name: "session", value: token, url: base }]);
    await page.goto(`${base}/checkout/pay/${order.id}`);
    await Promise.all([page.waitForURL(/\/v1\/checkout\/embedded$/), page.getByTestId("pay-button").click()]);
    await Promise.all([page.waitForURL(/\/v1\/checkout\/decide$/), page.getByTestId("fake-pay").click()]);

    // The bank authorized; nothing is captured yet, and the order is still waiting.
    const payments = (await (await fetch(`${fakeUrl}/__requests`)).json()) as { method: string; path: string }[];
    expect(payments.some((r) => r.path.endsWith("/capture"))).toBe(false);
    expect(await apiOk(api("GET", `/api/get-single-order?order_id=${order.id}`, bearer), 200)).toMatchObject({
      payment_status: "awaiting",
    });

    await Promise.all([page.waitForURL(`${base}/order-placed/${order.id}`), page.getByTestId("fake-continue").click()]);
    await expect(visibleText(page.getByTestId("order-payment"))).resolves.toBe("Online payment · Paid");
    const captures = ((await (await fetch(`${fakeUrl}/__requests`)).json()) as { method: string; path: string; body: string }[]).filter(
      (r) => r.path.endsWith("/capture"),
    );
    expect(captures).toHaveLength(1);
    const paymentId = captures[0]!.path.split("/")[3]!;
    const payment = (await (await fetch(`${fakeUrl}/__control/payment-of?payment_id=${paymentId}`)).json()) as {
      status: string;
      amount: number;
    };
    expect(payment.status).toBe("captured");
    expect(JSON.parse(captures[0]!.body)).toEqual({ amount: payment.amount, currency: "INR" });
  }, 60_000);
});
