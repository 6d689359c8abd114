import { Hono } from "hono";
import { z } from "zod";
import { customerDetails, passwordAccountStep, registerCustomer, signInWithPassword } from "../accounts/customers";
import { email, password, personName, phone } from "../accounts/fields";
import { revokeSession } from "../accounts/sessions";
import type { AppEnv } from "../app-env";
import { registrationReferralStep } from "../referrals/referrals";
import { customerOf } from "./customer";
import { ApiError } from "./errors";
import { originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { referralAtRegistration } from "./referrals";
import { SESSION_ENDED } from "./shopper-middleware";
import {
  badgeCartSteps,
  guessingClient,
  pepperOf,
  reserveOrRefuse,
  reserveOrRefuseWith,
  signedInAnswer,
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
  referred_by: z.string().trim().max(40).optional(),
});

export const loginBody = z
  .object({ email: email.optional(), phone: phone.optional(), password: z.string().min(1).max(128) })
  .refine((b) => (b.email === undefined) !== (b.phone === undefined), { message: "Send an email or a phone number." })
  .meta({ description: "send `email` or `phone`, not both" });

export const SIGN_IN_REFUSED = "That email or phone number and password do not match an account.";

export const accountApi = new Hono<AppEnv>()
  .post("/register", validate("json", registerBody), async (c) => {
    const body = c.req.valid("json");
    const tenantId = c.var.tenant.id;
    const pepper = pepperOf(originContextOf(c));
    // Counted before anything else, and kept whatever the outcome: accounts cost a client something to make.
    await reserveOrRefuse(originContextOf(c), [{ kind: "registration", value: originContextOf(c).client }]);
    const referral = await referralAtRegistration(c, body.referred_by);
    const alongWith = {
      referral: referral
        ? registrationReferralStep(c.env.DB, { tenantId, refereeEmail: body.email, referrerId: referral.referrerId, now: Date.now() })
        : undefined,
    };
    const form = { ...body, referred_by: referral?.code };
    const outcome = await registerCustomer(c.env.DB, tenantId, form, pepper, c.var.shopper, alongWith);
    if (!outcome.ok) {
      const what = outcome.taken === "email" ? "email address" : "phone number";
      throw new ApiError(409, "account_exists", `An account with this ${what} already exists. Sign in instead.`);
    }
    return signedInAnswer(c, outcome.signedIn, 201);
  })
  .post("/login", validate("json", loginBody), async (c) => {
    const body = c.req.valid("json");
    const tenantId = c.var.tenant.id;
    const account = body.email ?? body.phone!;
    const login = { column: body.email !== undefined ? "email" : "phone", value: account } as const;
    const pepper = pepperOf(originContextOf(c));
    // The tries are counted (the account's key found in the same statement) and the password read in one round trip;
    // a sign-in that works gives its tries back in the batch that opens the session.
    const reservation = await reserveOrRefuseWith(originContextOf(c), [{ kind: "account", login }, guessingClient(originContextOf(c))], {
      account: passwordAccountStep(c.env.DB, tenantId, login),
    });
    const row = reservation.along.account.results[0] ?? null;
    const signedIn = await signInWithPassword(
      c.env.DB,
      tenantId,
      row,
      body.password,
      pepper,
      c.var.shopper,
      { releases: reservation.releaseSteps() },
      (customerId) => badgeCartSteps(originContextOf(c), customerId),
    );
    if (!signedIn) throw new ApiError(422, "invalid_credentials", SIGN_IN_REFUSED);
    tellBadgeCount(originContextOf(c), signedIn);
    return signedInAnswer(c, signedIn, 200);
  })
  .post("/logout", async (c) => {
    const customer = customerOf(originContextOf(c));
    await revokeSession(c.env.DB, c.var.tenant.id, customer.token);
    return c.json({ ok: true }, 200, { "Cache-Control": "no-store" });
  })
  .get("/user/details", async (c) => {
    const customer = customerOf(originContextOf(c));
    const details = await customerDetails(c.env.DB, c.var.tenant.id, customer.customerId);
    if (!details) throw new ApiError(401, "unauthenticated", SESSION_ENDED);
    return c.json(details, 200, PRIVATE_ANSWER);
  });
