import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import * as z from "../../commerce/zod";
import { findCustomerId } from "../accounts/customers";
import { email, password } from "../accounts/fields";
import { issueResetToken, RESET_MINUTES, resetPassword } from "../accounts/password-resets";
import { isToken } from "../accounts/tokens";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { deliver } from "../messages/deliver";
import { destinationKey } from "../messages/destination";
import { resetLinkMessage } from "../messages/texts";
import { claimMessage } from "./message-limits";
import { type OriginContext, originContextOf } from "./origin-context";
import { requireMessages } from "./require-messages";
import { pepperOf, type SignInAnswer, signedInAnswer, signInAnswerOf } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * Forgot password (spec section 7): `send-forgot-password-email` mails a link to /forgot-password?token=… when the
 * email is an account's (the answer is the same either way); `verify-forgot-password` sets the new password with the
 * link's token, signs every session out and answers a new one, as `/api/login` does.
 */

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().check(z.maxLength(200)), password });

export const RESET_LINK_REFUSED = message("errors.reset_link_refused");

/** POST /api/send-forgot-password-email: a link to choose a new password, if the email is an account's. */
export async function sendResetLinkOf(o: OriginContext, body: z.output<typeof forgotPasswordBody>): Promise<{ ok: true; message: string }> {
  requireMessages(o);
  const tenantId = o.tenant.id;
  const destination = { kind: "email", value: body.email } as const;
  await claimMessage(o, destinationKey(destination), "reset");
  const customerId = await findCustomerId(o.env.DB, tenantId, destination);
  if (customerId !== null) {
    const token = await issueResetToken(o.env.DB, tenantId, customerId);
    const link = `${o.site.origin}/forgot-password?token=${token}`;
    await deliver(o.env, resetLinkMessage(translatorOf(o.language), tenantId, destination.value, link, o.site.host, RESET_MINUTES));
  }
  return { ok: true, message: translatorOf(o.language)("errors.reset_link_sent", { minutes: RESET_MINUTES }) };
}

/** POST /api/verify-forgot-password: the new password set with the link's token, every session ended, and a new one. */
export async function resetPasswordOf(o: OriginContext, body: z.output<typeof resetPasswordBody>): Promise<SignInAnswer> {
  const pepper = pepperOf(o);
  const signedIn = isToken(body.token)
    ? await resetPassword(o.env.DB, o.tenant.id, body.token, body.password, pepper, o.shopperFor(true))
    : null;
  if (!signedIn) throw new ApiError(422, "invalid_token", RESET_LINK_REFUSED);
  return signInAnswerOf(signedIn);
}

export const passwordResetApi = new Hono<AppEnv>()
  .post("/send-forgot-password-email", validate("json", forgotPasswordBody), async (c) =>
    c.json(await sendResetLinkOf(originContextOf(c), c.req.valid("json")), 200, { "Cache-Control": "no-store" }),
  )
  .post("/verify-forgot-password", validate("json", resetPasswordBody), async (c) =>
    signedInAnswer(c, await resetPasswordOf(originContextOf(c), c.req.valid("json")), 200),
  );
