import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { CustomerDetails } from "../../worker/accounts/customers";

/** Where to go after signing in: a path on this site (never another site's address), else the account page. */
export function safeRedirectTo(text: string | null | undefined, fallback = "/account"): string {
  // A path only: no scheme or host (`//`, `/\`), and no whitespace or control character anywhere, which browsers drop
  // (`/\t/evil.example` goes to evil.example) and a Location header cannot carry.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  return text && /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(text) ? text : fallback;
}

/** Sends a signed-out shopper to /login, to come back here after signing in. */
export function requireCustomer(context: AppLoadContext, request: Request) {
  const shopper = context.shopper.current;
  if (shopper.kind === "customer") return shopper;
  const here = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}`, 303);
}

export type AccountRefusal = { ok: false; message: string; retryAfter?: string };

type ApiAnswer = { ok: boolean; status: number; headers: Headers; json(): Promise<unknown> };

/**
 * Reads the API's answer to an account call: its body, or the message for the shopper (a 429 with the spec's toast
 * text and the wait, a 4xx with the API's message for the field). The API out of reach is the error page.
 */
export async function readAccountAnswer<T>(response: ApiAnswer): Promise<{ ok: true; body: T } | AccountRefusal> {
  if (response.status === 429) return { ok: false, message: TOO_MANY_REQUESTS, retryAfter: response.headers.get("Retry-After") ?? "60" };
  if (response.status >= 500) throw new Response("The store could not answer just now.", { status: 502 });
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok && body !== null) return { ok: true, body: body as T };
  const refusal = body as { message?: string; issues?: { message: string }[] } | null;
  return { ok: false, message: refusal?.issues?.[0]?.message ?? refusal?.message ?? "Please check what you entered and try again." };
}

/**
 * Reads the API's answer to a sign-in or registration: the session (and the page's shopper is signed in with it), or
 * the message for the shopper. 401 on any later call signs the page out (spec section 8).
 */
export async function readSignIn(context: AppLoadContext, response: ApiAnswer): Promise<{ ok: true } | AccountRefusal> {
  const answer = await readAccountAnswer<{ token: string; user: CustomerDetails }>(response);
  if (!answer.ok) return answer;
  context.shopper.signIn({ token: answer.body.token, customerId: answer.body.user.id });
  return { ok: true };
}

/** What a shopper typed in an "email or phone number" field, as the API takes it. */
export function emailOrPhone(text: string): { email: string } | { phone: string } {
  return text.includes("@") ? { email: text } : { phone: text };
}
