import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Razorpay on loopback (Node, started by global-setup), speaking the parts of the real protocol the Worker uses:
 *
 *   POST /v1/orders                      Basic auth; {amount (subunits, at least 100), currency, receipt (≤ 40), notes}
 *                                        → the order entity (created; attempted after a payment; paid once captured)
 *   GET  /v1/orders?receipt=R            {entity: "collection", count, items}: the orders made with that receipt
 *   GET  /v1/orders/:id                  the order
 *   GET  /v1/orders/:id/payments         {entity: "collection", count, items: [payment entities]}
 *   GET  /v1/payments/:id                the payment (status created | authorized | captured | failed)
 *   POST /v1/payments/:id/capture        {amount, currency}: only an authorized payment, for exactly its amount and
 *                                        currency; then captured, and its order paid (otherwise a 400 BAD_REQUEST_ERROR)
 *   POST /v1/payments/:id/refund         X-Refund-Idempotency: the same key answers the same refund, never a second
 *   POST /v1/checkout/embedded           the hosted checkout (form: key_id, order_id, amount, callback_url, cancel_url,
 *                                        name, prefill[…]): a page whose "Pay" and "Fail" forms post to /v1/checkout/decide
 *   POST /v1/checkout/decide             records the payment ("Pay": authorized, as for an account without automatic
 *                                        capture, so the merchant must capture it; "Fail": failed) and answers the page that posts the
 *                                        result to callback_url: razorpay_payment_id, razorpay_order_id, razorpay_signature =
 *                                        hex HMAC-SHA256(key_secret, order_id|payment_id); or error[code], error[description],
 *                                        error[metadata] (JSON with payment_id and order_id)
 *
 * Control endpoints for tests (no auth):
 *   POST /__control/pay      {order_id, outcome: "authorized"|"captured"|"failed"} → {payment, fields}: a payment made at the gateway,
 *                            with the callback fields the checkout would post (a callback that never arrived, say)
 *   POST /__control/webhook  {event, payment_id?, order_id?, refund_id?, event_id?, secret?, url?} → {headers, body}: a
 *                            webhook delivery signed with the webhook secret (X-Razorpay-Signature = hex HMAC-SHA256 of
 *                            the raw body; x-razorpay-event-id); sent to `url` when given (answering its status too).
 *                            Tests inside workerd deliver it themselves (the Worker under test has no port).
 *   POST /__control/order-create  {order: our public id, delay_ms?, drop_reply?}: that order's next creation is slowed,
 *                            or made with its reply lost (the connection is closed)
 *   GET  /__control/payment-of?payment_id=P  the payment as the fake holds it (no auth, no record)
 *   POST /__control/slow-refunds  {payment_id}: that payment's refunds stay pending
 *   POST /__control/refund-result {refund_id, outcome: "processed"|"failed"}: a pending refund ends; a failed one can be
 *                            asked again (with a new idempotency key)
 *   GET  /__requests         every API request received (method, path, headers, body), oldest first
 */

export const FAKE_RAZORPAY_KEY_ID = "rzp_test_fakeKey0001";
export const FAKE_RAZORPAY_KEY_SECRET = "fake_key_secret_0001";
export const FAKE_RAZORPAY_WEBHOOK_SECRET = "fake_webhook_secret_0001";

interface Order {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface Payment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "authorized" | "captured" | "failed";
  order_id: string;
  method: "card";
  captured: boolean;
  amount_refunded: number;
  refund_status: "full" | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface Refund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  status: "pending" | "processed" | "failed";
  speed_requested: string;
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex").slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);
const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hiddenForm(action: string, fields: Record<string, string>, button: string, testId: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit" data-testid="${testId}">${button}</button></form>`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeRazorpay(): Promise<{ url: string; close(): Promise<void> }> {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const received: { method: string; path: string; headers: Record<string, string>; body: string }[] = [];

  /** Per our order's public id (the order's notes.order): its next creation is slowed, or made and its reply lost. */
  const createRules = new Map<string, { delayMs?: number; dropReply?: boolean }>();
  /** Payments whose refunds stay pending until a test settles them (/__control/refund-result). */
  const slowRefunds = new Set<string>();

  function markPaid(order: Order) {
    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }

  function pay(orderId: string, outcome: Payment["status"]): { payment: Payment; fields: Record<string, string> } | null {
    const order = orders.get(orderId);
    if (!order) return null;
    const payment: Payment = {
      id: id("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: outcome,
      order_id: order.id,
      method: "card",
      captured: outcome === "captured",
      amount_refunded: 0,
      refund_status: null,
      error_code: outcome === "failed" ? "BAD_REQUEST_ERROR" : null,
      error_description: outcome === "failed" ? "Your payment has been declined by the bank." : null,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts++;
    // Razorpay's order is paid only once a payment of it is captured; an authorized one leaves it attempted.
    order.status = "attempted";
    if (outcome === "captured") markPaid(order);
    const fields: Record<string, string> =
      outcome !== "failed"
        ? {
            razorpay_payment_id: payment.id,
            razorpay_order_id: order.id,
            razorpay_signature: sign(FAKE_RAZORPAY_KEY_SECRET, `${order.id}|${payment.id}`),
          }
        : {
            "error[code]": "BAD_REQUEST_ERROR",
            "error[description]": "Your payment has been declined by the bank.",
            "error[source]": "bank",
            "error[step]": "payment_authorization",
            "error[reason]": "payment_failed",
            "error[metadata]": JSON.stringify({ payment_id: payment.id, order_id: order.id }),
          };
    return { payment, fields };
  }

  function webhook(request: Record<string, string | undefined>): { headers: Record<string, string>; body: string } | null {
    const payment = request.payment_id ? payments.get(request.payment_id) : undefined;
    const order = (request.order_id ? orders.get(request.order_id) : undefined) ?? (payment ? orders.get(payment.order_id) : undefined);
    const refund = request.refund_id ? [...refunds.values()].find((r) => r.id === request.refund_id) : undefined;
    const event = request.event ?? "";
    const payload: Record<string, { entity: unknown }> = {};
    if (payment) payload.payment = { entity: payment };
    if (event === "order.paid" && order) payload.order = { entity: order };
    if (event.startsWith("refund.") && refund)
      payload.refund = { entity: { ...refund, status: event === "refund.failed" ? "failed" : "processed" } };
    if (Object.keys(payload).length === 0) return null;
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_fake0001",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return {
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": sign(request.secret ?? FAKE_RAZORPAY_WEBHOOK_SECRET, body),
        "x-razorpay-event-id": request.event_id ?? id("evt"),
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await bodyOf(request);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    };
    const page = (markup: string) => {
      response
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(`<!doctype html><html lang="en"><body>${markup}</body></html>`);
    };
    const error = (status: number, description: string) => json(status, { error: { code: "BAD_REQUEST_ERROR", description } });

    if (url.pathname === "/__requests") return json(200, received);
    if (url.pathname === "/__control/pay") {
      const { order_id, outcome } = JSON.parse(body) as { order_id: string; outcome: Payment["status"] };
      const made = pay(order_id, outcome);
      return made ? json(200, made) : error(404, "The id provided does not exist");
    }
    if (url.pathname === "/__control/payment-of") {
      const payment = payments.get(url.searchParams.get("payment_id") ?? "");
      return payment ? json(200, payment) : error(404, "The id provided does not exist");
    }
    if (url.pathname === "/__control/order-create") {
      const { order, delay_ms, drop_reply } = JSON.parse(body) as { order: string; delay_ms?: number; drop_reply?: boolean };
      createRules.set(order, { delayMs: delay_ms, dropReply: drop_reply });
      return json(200, { ok: true });
    }
    if (url.pathname === "/__control/slow-refunds") {
      slowRefunds.add((JSON.parse(body) as { payment_id: string }).payment_id);
      return json(200, { ok: true });
    }
    if (url.pathname === "/__control/refund-result") {
      const { refund_id, outcome } = JSON.parse(body) as { refund_id: string; outcome: "processed" | "failed" };
      const refund = [...refunds.values()].find((r) => r.id === refund_id);
      const payment = refund ? payments.get(refund.payment_id) : undefined;
      if (!refund || !payment) return error(404, "The id provided does not exist");
      refund.status = outcome;
      // A failed refund gives the money back to the merchant's balance: the payment can be refunded again.
      if (outcome === "failed") {
        payment.amount_refunded = 0;
        payment.refund_status = null;
      }
      return json(200, refund);
    }
    if (url.pathname === "/__control/webhook") {
      const delivery = webhook(JSON.parse(body) as Record<string, string>);
      if (!delivery) return error(400, "Nothing to send for that event");
      const target = (JSON.parse(body) as { url?: string }).url;
      if (!target) return json(200, delivery);
      const sent = await fetch(target, { method: "POST", headers: delivery.headers, body: delivery.body });
      return json(200, { ...delivery, status: sent.status });
    }
    if (url.pathname === "/v1/checkout/embedded" && request.method === "POST") {
      const form = new URLSearchParams(body);
      const order = orders.get(form.get("order_id") ?? "");
      if (form.get("key_id") !== FAKE_RAZORPAY_KEY_ID || !order) return error(400, "Invalid key or order");
      const decide = (outcome: string) => ({ order_id: order.id, outcome, callback_url: form.get("callback_url") ?? "" });
      return page(
        `<h1>${escapeHtml(form.get("name") ?? "")}</h1><p data-testid="fake-checkout-amount">${order.currency} ${(order.amount / 100).toFixed(2)}</p>` +
          // Like an account without automatic capture: the bank authorizes, and the merchant must capture.
          hiddenForm("/v1/checkout/decide", decide("authorized"), "Pay", "fake-pay") +
          hiddenForm("/v1/checkout/decide", decide("failed"), "Fail", "fake-fail") +
          `<a href="${escapeHtml(form.get("cancel_url") ?? "")}">Cancel</a>`,
      );
    }
    if (url.pathname === "/v1/checkout/decide" && request.method === "POST") {
      const form = new URLSearchParams(body);
      const outcome = form.get("outcome");
      const made = pay(form.get("order_id") ?? "", outcome === "captured" || outcome === "authorized" ? outcome : "failed");
      if (!made) return error(400, "Invalid order");
      return page(hiddenForm(form.get("callback_url") ?? "", made.fields, "Continue", "fake-continue"));
    }

    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    received.push({ method: request.method ?? "", path: url.pathname, headers, body });
    const expected = `Basic ${Buffer.from(`${FAKE_RAZORPAY_KEY_ID}:${FAKE_RAZORPAY_KEY_SECRET}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return error(401, "Authentication failed");

    const route = (pattern: RegExp, method: string) => (request.method === method ? pattern.exec(url.pathname)?.[1] : undefined);
    if (url.pathname === "/v1/orders" && request.method === "GET") {
      const receipt = url.searchParams.get("receipt");
      const items = [...orders.values()].filter((order) => receipt === null || order.receipt === receipt).reverse();
      return json(200, { entity: "collection", count: items.length, items });
    }
    if (url.pathname === "/v1/orders" && request.method === "POST") {
      const input = JSON.parse(body) as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
      if (!Number.isInteger(input.amount) || (input.amount as number) < 100) return error(400, "The amount must be atleast INR 1.00");
      if (typeof input.currency !== "string") return error(400, "The currency field is required.");
      if (typeof input.receipt === "string" && input.receipt.length > 40)
        return error(400, "The receipt may not be greater than 40 characters.");
      const order: Order = {
        id: id("order"),
        entity: "order",
        amount: input.amount as number,
        amount_paid: 0,
        amount_due: input.amount as number,
        currency: input.currency,
        receipt: typeof input.receipt === "string" ? input.receipt : null,
        status: "created",
        attempts: 0,
        notes: input.notes ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      const rule = createRules.get(order.notes.order ?? "");
      if (rule) createRules.delete(order.notes.order ?? "");
      if (rule?.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
      // Made, but the caller never hears of it (a timeout, a dropped connection).
      if (rule?.dropReply) {
        response.socket?.destroy();
        return;
      }
      return json(200, order);
    }
    const paymentsOf = route(/^\/v1\/orders\/([^/]+)\/payments$/, "GET");
    if (paymentsOf) {
      if (!orders.has(paymentsOf)) return error(400, "The id provided does not exist");
      const items = [...payments.values()].filter((payment) => payment.order_id === paymentsOf);
      return json(200, { entity: "collection", count: items.length, items });
    }
    const orderId = route(/^\/v1\/orders\/([^/]+)$/, "GET");
    if (orderId) {
      const order = orders.get(orderId);
      return order ? json(200, order) : error(400, "The id provided does not exist");
    }
    const fetched = route(/^\/v1\/payments\/([^/]+)$/, "GET");
    if (fetched) {
      const payment = payments.get(fetched);
      return payment ? json(200, payment) : error(400, "The id provided does not exist");
    }
    const capture = route(/^\/v1\/payments\/([^/]+)\/capture$/, "POST");
    if (capture) {
      const payment = payments.get(capture);
      if (!payment) return error(400, "The id provided does not exist");
      const input = JSON.parse(body || "{}") as { amount?: unknown; currency?: unknown };
      if (payment.status === "captured") return error(400, "This payment has already been captured");
      if (payment.status !== "authorized")
        return error(400, "Only payments which have been authorized and not yet captured can be captured");
      if (input.amount !== payment.amount) return error(400, "Capture amount must be equal to the amount authorized");
      if (input.currency !== payment.currency) return error(400, "The currency should be the same as the payment currency");
      payment.status = "captured";
      payment.captured = true;
      const order = orders.get(payment.order_id);
      if (order) markPaid(order);
      return json(200, payment);
    }
    const refunded = route(/^\/v1\/payments\/([^/]+)\/refund$/, "POST");
    if (refunded) {
      const key = request.headers["x-refund-idempotency"];
      const payment = payments.get(refunded);
      if (!payment) return error(400, "The id provided does not exist");
      const earlier = typeof key === "string" ? refunds.get(key) : undefined;
      if (earlier) return json(200, earlier);
      if (payment.status !== "captured" || payment.refund_status === "full")
        return error(400, "The payment has been fully refunded already");
      const input = JSON.parse(body || "{}") as { notes?: Record<string, string>; speed?: string };
      const refund: Refund = {
        id: id("rfnd"),
        entity: "refund",
        amount: payment.amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: input.notes ?? {},
        status: slowRefunds.has(payment.id) ? "pending" : "processed",
        speed_requested: input.speed ?? "normal",
        created_at: now(),
      };
      payment.amount_refunded = payment.amount;
      payment.refund_status = "full";
      refunds.set(typeof key === "string" ? key : refund.id, refund);
      return json(200, refund);
    }
    return error(404, "The requested URL was not found on the server.");
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((failure: Error) => {
      response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { description: failure.message } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((failure) => (failure ? reject(failure) : resolve()))),
  };
}
