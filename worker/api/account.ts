import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { type CustomerDetails, customerDetails, passwordAccountStep, registerCustomer, signInWithPassword } from "../accounts/customers";
import { email, password, personName, phone } from "../accounts/fields";
import { revokeSession } from "../accounts/sessions";
import type { AppEnv } from "../app-env";
import { ApiError, SESSION_ENDED } from "../http/errors";
import { registrationReferralStep } from "../referrals/referrals";
import { customerOf } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { referralAtRegistration } from "./referrals";
import {
  badgeCartSteps,
  guessingClient,
  pepperOf,
  reserveOrRefuse,
  reserveOrRefuseWith,
  type SignInAnswer,
  signedInAnswer,
  signInAnswerOf,
  tellBadgeCount,
} from "./sign-in-answer";
import { validate } from "./validate";

/**
 * Accounts (spec section 7): registration, password sign-in, sign-out and the signed-in customer's details. Sign-in
 * answers `{ token, user }`; API clients then send `Authorization: Bearer <token>` (the pages keep it in the session
 * cookie). A customer belongs to the store: the same email at another store is another account.
 */

export const registerBody = z.object({
  name: personName,
  email,
  phone,
  password,
  /** A friend's referral code (from their /r/<code> link); empty is none. */
  referred_by: z.optional(z.string().check(z.trim(), z.maxLength(40))),
});

export const loginBody = z
  .object({ email: z.optional(email), phone: z.optional(phone), password: z.string().check(z.minLength(1), z.maxLength(128)) })
  .check(
    z.refine((b) => (b.email === undefined) !== (b.phone === undefined), { message: issueId("errors.send_email_or_phone") }),
    z.meta({ description: "send `email` or `phone`, not both" }),
  );

export const SIGN_IN_REFUSED = message("errors.sign_in_refused");

/** POST /api/register: a new account, signed in; the guest's cart becomes the customer's. */
export async function registerOf(o: OriginContext, body: z.output<typeof registerBody>): Promise<SignInAnswer> {
  const tenantId = o.tenant.id;
  const pepper = pepperOf(o);
  // Counted before anything else, and kept whatever the outcome: accounts cost a client something to make.
  await reserveOrRefuse(o, [{ kind: "registration", value: o.client }]);
  const referral = await referralAtRegistration(o, body.referred_by);
  const alongWith = {
    referral: referral
      ? registrationReferralStep(o.env.DB, { tenantId, refereeEmail: body.email, referrerId: referral.referrerId, now: Date.now() })
      : undefined,
  };
  const form = { ...body, referred_by: referral?.code };
  const outcome = await registerCustomer(o.env.DB, tenantId, form, pepper, o.shopperFor(true), alongWith);
  if (!outcome.ok) {
    const taken = outcome.taken === "email" ? message("errors.account_exists_email") : message("errors.account_exists_phone");
    throw new ApiError(409, "account_exists", taken);
  }
  return signInAnswerOf(outcome.signedIn);
}

/** POST /api/login: a password sign-in; a page's own also reads its badge's count in the batch that opens the session. */
export async function loginOf(o: OriginContext, body: z.output<typeof loginBody>): Promise<SignInAnswer> {
  const tenantId = o.tenant.id;
  const account = body.email ?? body.phone!;
  const login = { column: body.email !== undefined ? "email" : "phone", value: account } as const;
  const pepper = pepperOf(o);
  // The tries are counted (the account's key found in the same statement) and the password read in one round trip;
  // a sign-in that works gives its tries back in the batch that opens the session.
  const reservation = await reserveOrRefuseWith(o, [{ kind: "account", login }, guessingClient(o)], {
    account: passwordAccountStep(o.env.DB, tenantId, login),
  });
  const row = reservation.along.account.results[0] ?? null;
  const signedIn = await signInWithPassword(
    o.env.DB,
    tenantId,
    row,
    body.password,
    pepper,
    o.shopperFor(true),
    { releases: reservation.releaseSteps() },
    (customerId) => badgeCartSteps(o, customerId),
  );
  if (!signedIn) throw new ApiError(422, "invalid_credentials", SIGN_IN_REFUSED);
  tellBadgeCount(o, signedIn);
  return signInAnswerOf(signedIn);
}

/** POST /api/logout: the customer's session ends. */
export async function logoutOf(o: OriginContext): Promise<{ ok: true }> {
  const customer = customerOf(o);
  await revokeSession(o.env.DB, o.tenant.id, customer.token);
  return { ok: true };
}

/** GET /api/user/details: the signed-in customer's details. */
export async function userDetailsOf(o: OriginContext): Promise<CustomerDetails> {
  const customer = customerOf(o);
  const details = await customerDetails(o.env.DB, o.tenant.id, customer.customerId);
  if (!details) throw new ApiError(401, "unauthenticated", SESSION_ENDED);
  return details;
}

export const accountApi = new Hono<AppEnv>()
  .post("/register", validate("json", registerBody), async (c) =>
    signedInAnswer(c, await registerOf(originContextOf(c), c.req.valid("json")), 201),
  )
  .post("/login", validate("json", loginBody), async (c) => signedInAnswer(c, await loginOf(originContextOf(c), c.req.valid("json")), 200))
  .post("/logout", async (c) => c.json(await logoutOf(originContextOf(c)), 200, { "Cache-Control": "no-store" }))
  .get("/user/details", async (c) => c.json(await userDetailsOf(originContextOf(c)), 200, PRIVATE_ANSWER));
