import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "../../web/form-reader";
import { EnterCodeForm, SendCodeForm } from "../components/account/code-sign-in";
import { OtherWayIn } from "../components/account/other-way-in";
import { RedirectingFormCard } from "../components/account/redirecting-form-card";
import { TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { isSignedIn, safeRedirectTo } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { codeStepOf, loginForm, submitLoginForm } from "../lib/login-forms.server";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const PASSWORD_FIELDS = ["login", "password"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (isSignedIn(context)) throw redirect(redirectTo, 303);
  return { redirectTo, codeStep: codeStepOf(url), title: pageTranslator(context)("auth.sign_in") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, loginForm);
  if (!form.ok) return refused({ ok: false, intent: undefined, message: form.message, fields: form.fields });
  return submitLoginForm(context, form.data);
}

export const headers = shopperHeaders;

export default function LoginPage() {
  const t = useT();
  const { redirectTo, codeStep } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  // Each refusal is shown beside the form it answers; one whose form is unknown, beside the step's main form.
  const refusalFor = (...intents: (string | undefined)[]) => (refusal && intents.includes(refusal.intent) ? refusal : null);
  return (
    <Page title={t("auth.sign_in")} testId="login-page">
      {codeStep ? (
        <EnterCodeForm step={codeStep} redirectTo={redirectTo} refusal={refusalFor("code", "send-code", undefined)} />
      ) : (
        <>
          <RedirectingFormCard redirectTo={redirectTo} refusal={refusalFor("password", undefined)} fields={PASSWORD_FIELDS} replace>
            <TextField label={t("auth.email_or_phone")} name="login" autoComplete="username" refusal={refusalFor("password", undefined)} />
            <TextField
              label={t("auth.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              refusal={refusalFor("password", undefined)}
            />
            <SubmitButton>{t("auth.sign_in")}</SubmitButton>
            <TextLink to="/forgot-password">{t("auth.forgot_password")}</TextLink>
          </RedirectingFormCard>
          <SendCodeForm redirectTo={redirectTo} refusal={refusalFor("send-code")} />
        </>
      )}
      <OtherWayIn
        question={t("auth.new_here")}
        to={`/register?redirectTo=${encodeURIComponent(redirectTo)}`}
        label={t("auth.create_an_account")}
      />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
