import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { withoutLanguagePrefix } from "../../commerce/languages";
import { fieldMessages } from "../../web/form-reader";
import type { CustomerDetails } from "../../worker/accounts/customers";
import type { Attempt, Refusal } from "../../worker/origin/page-origin";
import type { FormRefusal } from "./form-refusal";

/** Where to go after signing in: a path on this site (never another site's address), else the account page. */
export function safeRedirectTo(text: string | null | undefined, fallback = "/account"): string {
  // A path only: no scheme or host (`//`, `/\`), and no whitespace or control character anywhere, which browsers drop
  // (`/\t/evil.example` goes to evil.example) and a Location header cannot carry.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  return text && /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(text) ? text : fallback;
}

/** Is the page's shopper a signed-in customer? The one place pages ask; requireCustomer when they need one. */
export function isSignedIn(context: AppLoadContext): boolean {
  return context.shopper.current.kind === "customer";
}

/** Sends a signed-out shopper to /login, to come back to `back` (by default the page asked for) after signing in. */
export function requireCustomer(context: AppLoadContext, request: Request, back = pageAddress(request)) {
  const shopper = context.shopper.current;
  if (shopper.kind === "customer") return shopper;
  throw signInRedirect(back);
}

/** The redirect to /login, coming back to `back` (a path on this site) after signing in. */
export function signInRedirect(back: string) {
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
}

/** The page asked for: its address, never a data request's. */
function pageAddress(request: Request): string {
  const here = new URL(request.url);
  // Without its language prefix: the sign-in's redirect back gets the router's basename (decision 078).
  return withoutLanguagePrefix(here.pathname.replace(/\.data$/, "")) + here.search;
}

/** A refused account call, for the form to show: the message, the field it concerns, and Retry-After on a 429. */
export type AccountRefusal = FormRefusal & { retryAfter?: string };

/**
 * The shopper's message from a refused account operation (decision 066's `attempt`): the spec's text for a 429, the
 * first problem the API named (and each field's own), else its message. A failure of the store itself is the error
 * page, not a form message; a store without a messages transport is said beside the form, where the shopper can sign
 * in with a password instead.
 */
export function accountRefusalOf(refusal: Refusal): AccountRefusal {
  if (refusal.status === 429) return { ok: false, message: refusal.message, retryAfter: refusal.retryAfter ?? "60" };
  if (refusal.status >= 500 && refusal.code !== "messages_not_set_up") throw new Response(refusal.message, { status: 502 });
  return {
    ok: false,
    message: refusal.issues?.[0]?.message ?? refusal.message,
    fields: fieldMessages(refusal.issues ?? []),
  };
}

/** An account operation's attempt as a form reads it: the answer, or the message for the shopper (`accountRefusalOf`). */
export function accountAnswer<T>(attempt: Attempt<T>): { ok: true; body: T } | AccountRefusal {
  return attempt.ok ? { ok: true, body: attempt.value } : accountRefusalOf(attempt);
}

/**
 * A sign-in or registration's attempt: the page's shopper is signed in with its session, or the shopper's message.
 * The badge then counts the customer's cart, the guest's merged into it: the sign-in's own batch read it (the page's
 * `tellCartCount`, worker/api/sign-in-answer.ts), else it is read now.
 */
export async function signedIn(
  context: AppLoadContext,
  attempt: Attempt<{ token: string; user: CustomerDetails }>,
): Promise<{ ok: true } | AccountRefusal> {
  if (!attempt.ok) return accountRefusalOf(attempt);
  context.shopper.signIn({ token: attempt.value.token, customerId: attempt.value.user.id });
  if (context.shopper.cartCounted) return { ok: true };
  const cart = await context.origin.cart().catch(() => null);
  if (cart) context.shopper.setCartCount(cart.cartDetails.item_count);
  return { ok: true };
}

/**
 * Spec section 8: a 401 from the API (the session ended: signed out elsewhere, expired, or the password changed) signs
 * the page out and sends the shopper to sign in, back here afterwards.
 */
export function signOutOn401(context: AppLoadContext, request: Request, response: { status: number }): void {
  if (response.status !== 401) return;
  context.shopper.signOut();
  throw signInRedirect(pageAddress(request));
}

/**
 * A customer's read as a loader makes it (decision 066's thrown form): its answer, or its failure as the page shows it,
 * a 401 first signing the page out and sending the shopper to sign in (signOutOn401).
 */
export async function customerRead<T>(context: AppLoadContext, request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (failure) {
    if (failure instanceof Response) signOutOn401(context, request, failure);
    throw failure;
  }
}

/** What a shopper typed in an "email or phone number" field, as the API takes it. */
export function emailOrPhone(text: string): { email: string } | { phone: string } {
  return text.includes("@") ? { email: text } : { phone: text };
}
