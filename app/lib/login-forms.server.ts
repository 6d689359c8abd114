import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { type AccountRefusal, accountAnswer, emailOrPhone, safeRedirectTo, signedIn } from "./account.server";
import { requiredText } from "./form-fields.server";
import { typedValues } from "./form-refusal";
import { refused } from "./refused.server";

/**
 * The /login page's three forms, told apart by `intent` (the password form, older than the others, sends none):
 * password sign-in, "Send code" (step 1 of code sign-in) and the code (step 2). Each answers POST → 303, or its
 * refusal beside its own form.
 */

const redirectTo = z.optional(z.string().check(z.maxLength(2000)));

const destination = requiredText(issueId("auth.enter_email_or_phone"), 254);
const password = issueId("auth.enter_password");

export const loginForm = z.pipe(
  z.transform((fields) => ({ intent: "password", ...(fields as object) })),
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("password"),
        login: destination,
        password: z.string({ error: password }).check(z.minLength(1, password), z.maxLength(128)),
        redirectTo,
      }),
      z.object({ intent: z.literal("send-code"), to: destination, redirectTo }),
      z.object({ intent: z.literal("code"), to: destination, code: requiredText(issueId("auth.enter_code"), 20), redirectTo }),
    ],
    { error: issueId("auth.form_not_sent") },
  ),
);

export type LoginForm = z.infer<typeof loginForm>;
export type LoginIntent = LoginForm["intent"];

/** Where step 2 of code sign-in is shown: /login with the destination the code went to. */
export function codeStepUrl(to: string, redirectTo: string): string {
  const kind = to.includes("@") ? "email" : "phone";
  return `/login?${new URLSearchParams({ otp: kind, to, redirectTo })}`;
}

/** The code step named by the URL, if any. */
export function codeStepOf(url: URL): { kind: "email" | "phone"; to: string } | null {
  const kind = url.searchParams.get("otp");
  const to = url.searchParams.get("to")?.trim() ?? "";
  if ((kind !== "email" && kind !== "phone") || to === "" || to.length > 254) return null;
  return { kind, to };
}

/** A refusal beside the form that was sent, with what was typed in it (never the password or the code). */
function refusedHere(form: LoginForm, refusal: AccountRefusal) {
  const { retryAfter, ...shown } = refusal;
  return refused({ ...shown, intent: form.intent, values: typedValues(form) }, retryAfter);
}

export async function submitLoginForm(context: AppLoadContext, form: LoginForm) {
  const { origin } = context;
  const back = safeRedirectTo(form.redirectTo);
  switch (form.intent) {
    case "password": {
      const outcome = await signedIn(context, await origin.attempt.login({ ...emailOrPhone(form.login), password: form.password }));
      return outcome.ok ? redirect(back, 303) : refusedHere(form, outcome);
    }
    case "send-code": {
      const sent = accountAnswer(await origin.attempt.sendLoginOtp(emailOrPhone(form.to)));
      return sent.ok ? redirect(codeStepUrl(form.to, back), 303) : refusedHere(form, sent);
    }
    case "code": {
      const outcome = await signedIn(context, await origin.attempt.loginOtp({ ...emailOrPhone(form.to), code: form.code }));
      return outcome.ok ? redirect(back, 303) : refusedHere(form, outcome);
    }
  }
}
