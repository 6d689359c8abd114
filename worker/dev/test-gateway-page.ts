import type { Context, Next } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env";
import { devToolsOn } from "../dev-tools";
import { hmacHex, newTestPaymentId, TEST_GATEWAY_SECRET } from "../payments";

const DISPLAY_ERROR = { code: "BAD_REQUEST_ERROR", description: "Payment failed (test gateway)" };

/** A button posting what Razorpay's hosted checkout posts to the callback: a payment's signed ids, or its error. */
function callbackForm(callback: string, label: "Pay" | "Fail", fields: Record<string, string>) {
  return html`<form method="post" action="${callback}">
        ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
        <button type="submit" data-testid="test-gateway-${label.toLowerCase()}">${label}</button>
      </form>`;
}

/**
 * /dev/test-gateway: the developer test gateway's checkout page, for a store without Razorpay keys while DEV_TOOLS=1.
 * The pay step posts it the gateway order id (as Razorpay's hosted checkout is posted); it answers a page with "Pay"
 * and "Fail", each a form posting to the same callback route Razorpay's checkout posts to, signed as Razorpay signs
 * (hex HMAC-SHA256 of `order_id|payment_id`). Without the dev flag it passes the request on, to be the 404 page.
 */
export async function testGatewayPage(c: Context<AppEnv>, next: Next) {
  if (!devToolsOn(c.env) || c.req.method !== "POST") return next();
  const form = await c.req.parseBody();
  const gatewayOrderId = typeof form.order_id === "string" ? form.order_id : "";
  const order = await c.env.DB.prepare(
    `SELECT o.public_id, o.number, p.amount, p.currency FROM payment_orders p JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
     WHERE p.tenant_id = ?1 AND p.provider_order_id = ?2 AND p.gateway = 'test'`,
  )
    .bind(c.var.tenant.id, gatewayOrderId)
    .first<{ public_id: string; number: string; amount: number; currency: string }>();
  if (!order) return c.text("No such test gateway order.", 404, { "Cache-Control": "no-store" });
  const paymentId = newTestPaymentId();
  const signature = await hmacHex(TEST_GATEWAY_SECRET, `${gatewayOrderId}|${paymentId}`);
  const callback = `/api/razorpay/callback?order_id=${encodeURIComponent(order.public_id)}`;
  const metadata = JSON.stringify({ payment_id: paymentId, order_id: gatewayOrderId });
  const amount = `${order.currency} ${(order.amount / 100).toFixed(2)}`;
  const page = html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Test payment (development)</title></head>
  <body>
    <main id="main">
      <h1>Test payment</h1>
      <p>Order ${order.number}: <strong data-testid="test-gateway-amount">${amount}</strong></p>
      <p>No money moves: this gateway exists only while DEV_TOOLS=1 is set in .dev.vars.</p>
      ${callbackForm(callback, "Pay", { razorpay_payment_id: paymentId, razorpay_order_id: gatewayOrderId, razorpay_signature: signature })}
      ${callbackForm(callback, "Fail", { "error[code]": DISPLAY_ERROR.code, "error[description]": DISPLAY_ERROR.description, "error[metadata]": metadata })}
    </main>
  </body>
</html>`;
  return c.html(page, 200, { "Cache-Control": "no-store" });
}
