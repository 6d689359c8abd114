import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { OtherWayIn } from "../components/account/other-way-in";
import { RedirectingFormCard } from "../components/account/redirecting-form-card";
import { TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { useT } from "../i18n/use-t";
import { isSignedIn, safeRedirectTo, signedIn } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { typedValues } from "../lib/form-refusal";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/** The API checks each field and answers the shopper's message (worker/api/account.ts); the page only passes them on. */
const text = z.string({ error: issueId("auth.fill_every_field") }).check(z.maxLength(254));
const registerForm = z.object({
  name: text,
  email: text,
  phone: text,
  password: text,
  referred_by: z.optional(z.string().check(z.maxLength(254))),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});

const FIELDS = ["name", "email", "phone", "password", "referred_by"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (isSignedIn(context)) throw redirect(redirectTo, 303);
  // A friend's code from their /r/{code} link: in the address, else remembered by the link's page.
  const referredBy = url.searchParams.get("referred_by")?.slice(0, 40) ?? context.shopper.referredBy ?? "";
  return { redirectTo, referredBy, title: pageTranslator(context)("auth.create_an_account") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, registerForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  const { redirectTo, ...json } = form.data;
  const outcome = await signedIn(context, await context.origin.attempt.register(json));
  if (!outcome.ok) return refused({ ...outcome, values: typedValues(form.data) }, outcome.retryAfter);
  context.shopper.forgetReferral();
  return redirect(safeRedirectTo(redirectTo), 303);
}

export const headers = shopperHeaders;

export default function RegisterPage() {
  const t = useT();
  const { redirectTo, referredBy } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("auth.create_an_account")} testId="register-page">
      <RedirectingFormCard redirectTo={redirectTo} refusal={refusal} fields={FIELDS}>
        <TextField label={t("auth.name")} name="name" autoComplete="name" refusal={refusal} />
        <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" refusal={refusal} />
        <TextField label={t("auth.phone")} name="phone" type="tel" autoComplete="tel" refusal={refusal} />
        <TextField label={t("auth.password_rule")} name="password" type="password" autoComplete="new-password" refusal={refusal} />
        <TextField
          label={t("auth.referral_code_optional")}
          name="referred_by"
          autoComplete="off"
          defaultValue={referredBy}
          required={false}
          maxLength={40}
          refusal={refusal}
        />
        <SubmitButton>{t("auth.create_account")}</SubmitButton>
      </RedirectingFormCard>
      <OtherWayIn question={t("auth.have_account")} to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} label={t("auth.sign_in")} />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
