import type { Context } from "hono";
import { message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import type { CustomerDetails, SignedIn } from "../accounts/customers";
import { type AccountTryKey, reserveTry, type TryKey } from "../accounts/tries";
import type { AppEnv } from "../app-env";
import { type CartAnswerSteps, cartAnswerFrom, cartAnswerSteps } from "../cart/cart-answer";
import type { NamedSteps } from "../db/batch";
import { ApiError, tooManyRequests } from "../http/errors";
import { customerOwner } from "../shopper/owner";
import { scopeOfOwner } from "./customer";
import type { OriginContext } from "./origin-context";

/** What every call that checks a secret shares: the pepper, the guessing limit, and the answer that signs in. */

/** The Worker secret mixed into passwords and codes; without it accounts are off (503), never open. */
export function pepperOf(o: OriginContext): string {
  const pepper = o.env.PASSWORD_PEPPER;
  if (!pepper) throw new ApiError(503, "not_configured", message("errors.accounts_not_configured"));
  return pepper;
}

/** The client's key for guessing, with `scope` keeping one kind of guessing apart from another. */
export function guessingClient(o: OriginContext, scope = ""): TryKey {
  return { kind: "client", value: `${scope}${o.client}` };
}

/**
 * Reserves one try against every key before the work it limits (worker/accounts/tries.ts), or answers 429 with the
 * wait. Answers the function that gives the try back, for work that turned out well.
 */
export async function reserveOrRefuse(o: OriginContext, keys: TryKey[]): Promise<() => Promise<void>> {
  return (await reserveOrRefuseWith(o, keys, {})).release;
}

/**
 * reserveOrRefuse with the reads the work needs (`along`) in the same round trip, their results in `along` under the
 * same names, and the statements that give the tries back, for the work's own last batch.
 */
export async function reserveOrRefuseWith<A extends NamedSteps>(o: OriginContext, keys: (TryKey | AccountTryKey)[], along: A) {
  const reservation = await reserveTry(o.env.DB, o.tenant.id, keys, along);
  if (!reservation.ok) tooManyRequests(reservation.retryAfterSeconds);
  return reservation;
}

/**
 * For a page's own sign-in (in-process): the statements reading the customer's cart at the page's branch, to run in
 * the batch that opens the session after the guest's cart is merged, so the page's badge costs no round trip of its
 * own. None for any other caller.
 */
export function badgeCartSteps(o: OriginContext, customerId: number): { cart?: CartAnswerSteps } {
  if (!o.tellCartCount) return {};
  return { cart: cartAnswerSteps(o.env.DB, scopeOfOwner(o, customerOwner(customerId))) };
}

/** Tells the page the badge's count that `badgeCartSteps` read. */
export function tellBadgeCount(o: OriginContext, signedIn: SignedIn<ReturnType<typeof badgeCartSteps>>): void {
  const tell = o.tellCartCount;
  const cart = signedIn.after.cart;
  if (!tell || !cart) return;
  const scope = scopeOfOwner(o, customerOwner(signedIn.customerId));
  tell(cartAnswerFrom(cart, scope, o.tenant, translatorOf(o.language)).cartDetails.item_count);
}

/** A session opened (register, login, login-otp, a reset, an undone change): its token for the client, and the customer. */
export interface SignInAnswer {
  token: string;
  user: CustomerDetails;
}

/** What a sign-in answers of the session it opened. */
export function signInAnswerOf(signedIn: Pick<SignedIn, "token" | "user">): SignInAnswer {
  return { token: signedIn.token, user: signedIn.user };
}

/** A sign-in over HTTP: never kept by any cache, since it carries the session's token. */
export function signedInAnswer(c: Context<AppEnv>, answer: SignInAnswer, status: 200 | 201) {
  return c.json(answer, status, { "Cache-Control": "no-store" });
}
