import type { Context } from "hono";
import type { SignedIn } from "../accounts/customers";
import { type AccountTryKey, reserveTry, type TryKey } from "../accounts/tries";
import type { AppEnv } from "../app-env";
import { type CartAnswerSteps, cartAnswerFrom, cartAnswerSteps } from "../cart/cart-answer";
import type { NamedSteps } from "../db/batch";
import { clientAddress } from "../http/client-address";
import { handedOver } from "../http/handover";
import { customerOwner } from "../shopper/owner";
import { scopeOfOwner } from "./customer";
import { ApiError, tooManyRequests } from "./errors";

/** What every call that checks a secret shares: the pepper, the guessing limit, and the answer that signs in. */

/** The Worker secret mixed into passwords and codes; without it accounts are off (503), never open. */
export function pepperOf(c: Context<AppEnv>): string {
  const pepper = c.env.PASSWORD_PEPPER;
  if (!pepper) throw new ApiError(503, "not_configured", "Accounts are not available in this store yet.");
  return pepper;
}

/**
 * The client a call is counted against: the page's visitor for the pages' in-process calls (handed over with the
 * request), else the caller's own address as worker/http/client-address.ts trusts it.
 */
export function clientOf(c: Context<AppEnv>): string {
  return handedOver(c.req.raw)?.client ?? clientAddress(c.req.raw);
}

/** The client's key for guessing, with `scope` keeping one kind of guessing apart from another. */
export function guessingClient(c: Context<AppEnv>, scope = ""): TryKey {
  return { kind: "client", value: `${scope}${clientOf(c)}` };
}

/**
 * Reserves one try against every key before the work it limits (worker/accounts/tries.ts), or answers 429 with the
 * wait. Answers the function that gives the try back, for work that turned out well.
 */
export async function reserveOrRefuse(c: Context<AppEnv>, keys: TryKey[]): Promise<() => Promise<void>> {
  return (await reserveOrRefuseWith(c, keys, {})).release;
}

/**
 * reserveOrRefuse with the reads the work needs (`along`) in the same round trip, their results in `along` under the
 * same names, and the statements that give the tries back, for the work's own last batch.
 */
export async function reserveOrRefuseWith<A extends NamedSteps>(c: Context<AppEnv>, keys: (TryKey | AccountTryKey)[], along: A) {
  const reservation = await reserveTry(c.env.DB, c.var.tenant.id, keys, along);
  if (!reservation.ok) tooManyRequests(reservation.retryAfterSeconds);
  return reservation;
}

/**
 * For a page's own sign-in (in-process): the statements reading the customer's cart at the page's branch, to run in
 * the batch that opens the session after the guest's cart is merged, so the page's badge costs no round trip of its
 * own. None for any other caller.
 */
export function badgeCartSteps(c: Context<AppEnv>, customerId: number): { cart?: CartAnswerSteps } {
  if (!handedOver(c.req.raw)?.signedInCartCount) return {};
  return { cart: cartAnswerSteps(c.env.DB, scopeOfOwner(c, customerOwner(customerId))) };
}

/** Tells the page the badge's count that `badgeCartSteps` read. */
export function tellBadgeCount(c: Context<AppEnv>, signedIn: SignedIn<ReturnType<typeof badgeCartSteps>>): void {
  const tell = handedOver(c.req.raw)?.signedInCartCount;
  const cart = signedIn.after.cart;
  if (!tell || !cart) return;
  const scope = scopeOfOwner(c, customerOwner(signedIn.customerId));
  tell(cartAnswerFrom(cart, scope, c.var.tenant).cartDetails.item_count);
}

/** A session opened (register, login, login-otp, a reset): its token for the client, and the customer. */
export function signedInAnswer(c: Context<AppEnv>, signedIn: SignedIn, status: 200 | 201) {
  return c.json({ token: signedIn.token, user: signedIn.user }, status, { "Cache-Control": "no-store" });
}
