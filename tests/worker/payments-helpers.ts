import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { inject } from "vitest";
import { RAZORPAY_KEY_ID_SETTING } from "../../commerce/store-settings";
import worker from "../../worker/index";
import { type SecretName, sealSecret } from "../../worker/payments";
import { register } from "./accounts-helpers";
import { FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET, FAKE_RAZORPAY_WEBHOOK_SECRET } from "./fake-servers/fake-razorpay";
import { insertOrder } from "./order-fixtures";
import { setSetting } from "./settings-helpers";

/**
 * Shared by the payment tests: a store configured with the fake Razorpay's keys (as `npm run store:razorpay` writes
 * them), the Worker called with RAZORPAY_API_URL pointing at the fake, and the fake's control endpoints.
 */

export const fakeRazorpay = () => inject("fakeRazorpayUrl");

export async function storeId(slug: string): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())!.id;
}

/** The store's key id setting and sealed secrets, as the store:razorpay command writes them. */
export async function configureRazorpay(slug = "food"): Promise<number> {
  const tenantId = await storeId(slug);
  const seal = async (name: SecretName, value: string) => {
    const sealed = await sealSecret(env.PAYMENT_SECRETS_KEY, name, value);
    return env.DB.prepare(
      `INSERT INTO store_secrets (tenant_id, name, iv, ciphertext, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (tenant_id, name) DO UPDATE SET iv = excluded.iv, ciphertext = excluded.ciphertext, updated_at = excluded.updated_at`,
    ).bind(tenantId, name, sealed.iv, sealed.ciphertext, Date.now());
  };
  await env.DB.batch([
    await seal("razorpay_key_secret", FAKE_RAZORPAY_KEY_SECRET),
    await seal("razorpay_webhook_secret", FAKE_RAZORPAY_WEBHOOK_SECRET),
  ]);
  await setSetting(tenantId, RAZORPAY_KEY_ID_SETTING, FAKE_RAZORPAY_KEY_ID);
  return tenantId;
}

/** The Worker's environment with Razorpay at the fake (and any other override). */
export function payEnv(overrides: Partial<typeof env> = {}) {
  return { ...env, RAZORPAY_API_URL: fakeRazorpay(), ...overrides };
}

export interface CallInit {
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A body sent byte for byte (a webhook's). */
  raw?: string;
  headers?: Record<string, string>;
  host?: string;
  env?: Partial<typeof env>;
}

/** A request to the Worker with the payment environment, as a browser or Razorpay would send it. */
export async function payCall(path: string, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.raw;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://${init.host ?? "food.localhost"}${path}`, { method: init.method ?? "POST", headers, body, redirect: "manual" }),
    payEnv(init.env),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** A signed-in customer of the store with an online order waiting for payment (total ₹100.00 unless given). */
export async function customerWithOrder(host = "food.localhost", fixture: { total?: number; paymentDueBy?: number | null } = {}) {
  const { signedIn } = await register(undefined, host);
  const tenantId = await storeId(host.split(".")[0]!);
  const order = await insertOrder({
    tenantId,
    customerId: signedIn.user.id,
    status: "pending_payment",
    paymentMethod: "online",
    paymentStatus: "awaiting",
    total: fixture.total ?? 10000,
    paymentDueBy: fixture.paymentDueBy ?? Date.now() + 30 * 60_000,
  });
  return { token: signedIn.token, customerId: signedIn.user.id, email: signedIn.user.email, tenantId, order };
}

export interface PayAnswerBody {
  order_id: string;
  number: string;
  gateway: string;
  key_id: string;
  razorpay_order_id: string;
  amount: number;
  currency: string;
  name: string;
  prefill: { name: string; email: string; contact: string };
  checkout_url: string;
  checkout_js: string | null;
  callback_url: string;
  cancel_url: string;
}

export async function startPayment(token: string, orderId: string, init: CallInit = {}): Promise<PayAnswerBody> {
  const response = await payCall("/api/razorpay/pay", { token, json: { order_id: orderId }, ...init });
  if (response.status !== 200) throw new Error(`pay: ${response.status} ${await response.text()}`);
  return (await response.json()) as PayAnswerBody;
}

export async function orderState(tenantId: number, orderId: number) {
  const order = await env.DB.prepare("SELECT status, payment_status FROM orders WHERE tenant_id = ?1 AND id = ?2")
    .bind(tenantId, orderId)
    .first<{ status: string; payment_status: string }>();
  const history = await env.DB.prepare("SELECT count(*) AS n FROM order_status_history WHERE order_id = ?1")
    .bind(orderId)
    .first<{ n: number }>();
  return { ...order, history: history?.n ?? 0 };
}

/** A payment made at the fake gateway, with the fields its checkout would post back. */
export async function gatewayPays(razorpayOrderId: string, outcome: "authorized" | "captured" | "failed" = "captured") {
  const response = await fetch(`${fakeRazorpay()}/__control/pay`, {
    method: "POST",
    body: JSON.stringify({ order_id: razorpayOrderId, outcome }),
  });
  return (await response.json()) as { payment: { id: string; amount: number; currency: string }; fields: Record<string, string> };
}

/** A signed webhook delivery from the fake, to post to the Worker. */
export async function webhookDelivery(request: Record<string, string>) {
  const response = await fetch(`${fakeRazorpay()}/__control/webhook`, { method: "POST", body: JSON.stringify(request) });
  if (response.status !== 200) throw new Error(`webhook: ${await response.text()}`);
  return (await response.json()) as { headers: Record<string, string>; body: string };
}

export function deliver(delivery: { headers: Record<string, string>; body: string }, host = "food.localhost"): Promise<Response> {
  return payCall("/api/razorpay/webhook", { headers: delivery.headers, raw: delivery.body, host });
}

/** The API requests the fake received (to check what the Worker sent). */
export async function fakeRequests(): Promise<{ method: string; path: string; headers: Record<string, string>; body: string }[]> {
  return (await fetch(`${fakeRazorpay()}/__requests`)).json();
}

/** The Razorpay orders the Worker asked the fake to create for one of our orders (by the notes' order id). */
export async function orderCreates(publicId: string) {
  return (await fakeRequests()).filter(
    (r) => r.method === "POST" && r.path === "/v1/orders" && JSON.parse(r.body).notes?.order === publicId,
  );
}

/** The hidden fields of the first form in a page whose submit button has this test id, and where it posts. */
export function formOf(html: string, testId: string): { action: string; fields: Record<string, string> } {
  const form = [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].find((match) =>
    match[2]!.includes(`data-testid="${testId}"`),
  );
  if (!form) throw new Error(`no form with ${testId}`);
  const decode = (text: string) =>
    text
      .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decode(input[1]!)] = decode(input[2]!);
  return { action: decode(form[1]!), fields };
}
