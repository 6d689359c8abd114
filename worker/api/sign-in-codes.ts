import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import * as z from "../../commerce/zod";
import { findCustomerId, openSession } from "../accounts/customers";
import { email, phone } from "../accounts/fields";
import { CODE_MINUTES, issueSignInCode, redeemSignInCode } from "../accounts/sign-in-codes";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { deliver } from "../messages/deliver";
import { type Destination, destinationKey } from "../messages/destination";
import { signInCodeMessage } from "../messages/texts";
import { claimMessage } from "./message-limits";
import { type OriginContext, originContextOf } from "./origin-context";
import { requireMessages } from "./require-messages";
import { guessingClient, pepperOf, reserveOrRefuse, type SignInAnswer, signedInAnswer, signInAnswerOf } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * Sign-in with a one-time code (spec section 7): `send-login-otp` mails or texts a code to the account's email or
 * phone, `login-otp` trades it for a session, answering as `/api/login` does. Neither says whether an account exists.
 */

const destinationFields = { email: z.optional(email), phone: z.optional(phone) };
const oneDestination = { message: issueId("errors.send_email_or_phone") };
const hasOneDestination = (body: { email?: string; phone?: string }) => (body.email === undefined) !== (body.phone === undefined);

export const sendCodeBody = z.object(destinationFields).check(z.refine(hasOneDestination, oneDestination));
export const codeSignInBody = z
  .object({
    ...destinationFields,
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, issueId("errors.enter_six_digit_code"))),
  })
  .check(z.refine(hasOneDestination, oneDestination));

/** One answer for a wrong, expired, used-up or never-sent code, so it cannot tell whether an account exists. */
export const CODE_REFUSED = message("errors.code_refused");

function destinationOf(body: { email?: string; phone?: string }): Destination {
  return body.email !== undefined ? { kind: "email", value: body.email } : { kind: "phone", value: body.phone! };
}

/** POST /api/send-login-otp: a code to the account's email or phone, if there is one; the answer is the same either way. */
export async function sendLoginCodeOf(o: OriginContext, body: z.output<typeof sendCodeBody>): Promise<{ ok: true; message: string }> {
  const secret = pepperOf(o);
  requireMessages(o);
  const tenantId = o.tenant.id;
  const destination = destinationOf(body);
  await claimMessage(o, destinationKey(destination), "login");
  const customerId = await findCustomerId(o.env.DB, tenantId, destination);
  if (customerId !== null) {
    const code = await issueSignInCode(o.env.DB, tenantId, destination, secret);
    await deliver(o.env, signInCodeMessage(translatorOf(o.language), tenantId, destination, code, o.site.host, CODE_MINUTES));
  }
  return { ok: true, message: translatorOf(o.language)("errors.code_sent", { minutes: CODE_MINUTES }) };
}

/** POST /api/login-otp: the code traded for a session. */
export async function loginWithCodeOf(o: OriginContext, body: z.output<typeof codeSignInBody>): Promise<SignInAnswer> {
  const secret = pepperOf(o);
  const tenantId = o.tenant.id;
  const destination = destinationOf(body);
  // Tries are limited per code; this limits one client trying codes of many destinations.
  const release = await reserveOrRefuse(o, [guessingClient(o)]);
  const redeemed = await redeemSignInCode(o.env.DB, tenantId, destination, body.code, secret);
  const customerId = redeemed ? await findCustomerId(o.env.DB, tenantId, destination) : null;
  if (customerId === null) throw new ApiError(422, "invalid_code", CODE_REFUSED);
  await release();
  return signInAnswerOf(await openSession(o.env.DB, tenantId, customerId, o.shopperFor(true)));
}

export const signInCodeApi = new Hono<AppEnv>()
  .post("/send-login-otp", validate("json", sendCodeBody), async (c) =>
    c.json(await sendLoginCodeOf(originContextOf(c), c.req.valid("json")), 200, { "Cache-Control": "no-store" }),
  )
  .post("/login-otp", validate("json", codeSignInBody), async (c) =>
    signedInAnswer(c, await loginWithCodeOf(originContextOf(c), c.req.valid("json")), 200),
  );
