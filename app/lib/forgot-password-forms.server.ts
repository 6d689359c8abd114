import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { type AccountRefusal, accountAnswer, signedIn } from "./account.server";
import { requiredText } from "./form-fields.server";
import { refused } from "./refused.server";

/**
 * The /forgot-password page's two forms: "send" asks for the link (→ 303 to the "we have sent a link" page, whether or
 * not the email is an account's), and "reset", on the page the mailed link opens, sets the new password and signs the
 * shopper in (→ 303 to /account).
 */

export const forgotPasswordForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send"), email: requiredText(issueId("auth.enter_email_address"), 254) }),
    z.object({
      intent: z.literal("reset"),
      token: z.string({ error: issueId("auth.reset_link_incomplete") }).check(z.maxLength(200)),
      password: z.string({ error: issueId("auth.enter_new_password") }).check(z.maxLength(254)),
    }),
  ],
  { error: issueId("auth.form_not_sent") },
);

export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

export const LINK_SENT_URL = "/forgot-password?sent=1";

/** The page's answer to a refusal, with what was typed (never the password). */
function refusedWith({ retryAfter, ...refusal }: AccountRefusal, values: Record<string, string>) {
  return refused({ ...refusal, values }, retryAfter);
}

export async function submitForgotPasswordForm(context: AppLoadContext, form: ForgotPasswordForm) {
  const { origin } = context;
  if (form.intent === "send") {
    const sent = accountAnswer(await origin.attempt.sendForgotPasswordEmail({ email: form.email }));
    return sent.ok ? redirect(LINK_SENT_URL, 303) : refusedWith(sent, { email: form.email });
  }
  const outcome = await signedIn(context, await origin.attempt.verifyForgotPassword({ token: form.token, password: form.password }));
  return outcome.ok ? redirect("/account", 303) : refusedWith(outcome, {});
}
