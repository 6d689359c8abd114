import { env } from "cloudflare:test";
import { json, request, viaCloudflare } from "./request";

/**
 * Shared by the account tests: new accounts, API calls as a client, addresses, and the outbox read as a shopper reads
 * it (the D1 table the dev page shows; never a stub).
 */

export interface SignedIn {
  token: string;
  user: { id: number; name: string; email: string; phone: string };
}

let counter = 0;

/** Details for a new account, unique across the run. */
export function newAccount() {
  counter++;
  const unique = `${Date.now()}${counter}`;
  return {
    name: "Meera <i>Iyer</i>",
    email: `meera.${unique}@example.com`,
    phone: `+9199${unique.slice(-8)}`,
    password: "a first good password",
  };
}

/** An API call as a client: bearer token or guest id as given; an object body is sent as JSON, a string as it is. */
export function call(
  path: string,
  init: { body?: unknown; token?: string; guest?: string; host?: string; method?: string; headers?: Record<string, string> } = {},
) {
  // Each call from a visitor of its own unless the test names one: per-client limits are tested where they are meant.
  const visitor = viaCloudflare(init.headers?.["CF-Connecting-IP"]);
  const headers: Record<string, string> = { ...visitor.headers, ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.guest) headers["guest-id"] = init.guest;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return request(init.host ?? "food.localhost", path, {
    method: init.method ?? "POST",
    cf: visitor.cf,
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

/** Registers from a client of its own, so a test's many accounts stay within the per-client limit. */
export async function register(account = newAccount(), host = "food.localhost") {
  const visitor = viaCloudflare();
  const response = await request(host, "/api/register", {
    method: "POST",
    cf: visitor.cf,
    headers: { ...visitor.headers, "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return { account, signedIn: await json<SignedIn>(response) };
}

/** The newest message the D1 outbox holds for `to`, if any. */
export async function lastMessageTo(to: string) {
  return env.DB.prepare("SELECT tenant_id, channel, recipient, subject, body FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1")
    .bind(to)
    .first<{ tenant_id: number; channel: string; recipient: string; subject: string | null; body: string }>();
}

export async function messageCountTo(to: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?1").bind(to).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The sign-in code in the newest message to `to`. */
export async function lastCodeTo(to: string): Promise<string> {
  const code = (await lastMessageTo(to))?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The reset token in the newest mail to `to`. */
export async function lastResetTokenTo(to: string): Promise<string> {
  const token = (await lastMessageTo(to))?.body.match(/\/forgot-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no reset link in the outbox for ${to}`);
  return token;
}

/**
 * Moves the destination's recorded sends back by the send gap and a second, as if that much time had passed: the
 * limits are tested by counting sends, not by waiting.
 */
export async function ageSends(destination: string, seconds = 31): Promise<void> {
  await env.DB.prepare("UPDATE message_sends SET sent_at = sent_at - ?2 WHERE destination = ?1")
    .bind(destination, seconds * 1000)
    .run();
}

/** A newly registered customer at `host`: its bearer token and id. */
export async function newCustomer(host = "food.localhost"): Promise<{ token: string; id: number }> {
  const { signedIn } = await register(newAccount(), host);
  return { token: signedIn.token, id: signedIn.user.id };
}

/** A valid address in the food store's delivery area, with `changes`. */
export function homeAddress(changes: Record<string, unknown> = {}) {
  return {
    name: "Asha Rao",
    phone: "+91 98000 00001",
    line1: "Flat 402, Lakeview Apartments",
    line2: "12th Main Road",
    landmark: "",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560038",
    latitude: 12.9784,
    longitude: 77.6408,
    label: "Home",
    ...changes,
  };
}
