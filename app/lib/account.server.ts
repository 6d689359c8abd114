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

/** Spec section 8: a 401 from the API signs the page out, and sends the shopper to sign in and come back here. */
export function signOutOn401(context: AppLoadContext, request: Request, response: { status: number }) {
  if (response.status !== 401) return;
  context.shopper.signOut();
  const here = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}`, 303);
}

export type AccountRefusal = { ok: false; message: string; retryAfter?: string };

/**
 * Reads the API's answer to a sign-in or registration: the session (and the page's shopper is signed in with it), or
 * the message for the shopper. 401 on any later call signs the page out (spec section 8).
 */
export async function readSignIn(
  context: AppLoadContext,
  response: { ok: boolean; status: number; headers: Headers; json(): Promise<unknown> },
): Promise<{ ok: true } | AccountRefusal> {
  if (response.status === 429) return { ok: false, message: TOO_MANY_REQUESTS, retryAfter: response.headers.get("Retry-After") ?? "60" };
  if (response.status >= 500) throw new Response("The store could not answer just now.", { status: 502 });
  const body = (await response.json().catch(() => null)) as
    | { token: string; user: CustomerDetails }
    | { message?: string; issues?: { message: string }[] }
    | null;
  if (response.ok && body && "token" in body) {
    context.shopper.signIn({ token: body.token, customerId: body.user.id });
    return { ok: true };
  }
  const refusal = body && !("token" in body) ? body : null;
  return { ok: false, message: refusal?.issues?.[0]?.message ?? refusal?.message ?? "Please check what you entered and try again." };
}
