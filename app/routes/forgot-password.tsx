import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "../../web/form-reader";
import { NewPasswordField } from "../components/account/new-password-field";
import { OtherWayIn } from "../components/account/other-way-in";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { forgotPasswordForm, submitForgotPasswordForm } from "../lib/forgot-password-forms.server";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/** Three views: ask for the link, "we have sent a link" (?sent=1), and the new-password form the link opens (?token=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return {
    token: token && token.length <= 200 ? token : null,
    sent: url.searchParams.has("sent"),
    title: pageTranslator(context)("auth.forgot_password"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, forgotPasswordForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  return submitForgotPasswordForm(context, form.data);
}

export const headers = shopperHeaders;

export default function ForgotPasswordPage() {
  const t = useT();
  const { token, sent } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={token ? t("auth.choose_new_password") : t("auth.forgot_password")} testId="forgot-password-page">
      {token ? (
        <Form method="post" className="card flex flex-col gap-3 p-5" replace>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
          <FormMessage refusal={refusal} fields={["password"]} />
          <NewPasswordField refusal={refusal} />
          <SubmitButton>{t("auth.save_and_sign_in")}</SubmitButton>
          {refusal ? <TextLink to="/forgot-password">{t("auth.ask_new_link")}</TextLink> : null}
        </Form>
      ) : sent ? (
        <p className="card p-5 text-sm text-ink" role="status" data-testid="link-sent">
          {t("auth.link_sent")}
        </p>
      ) : (
        <Form method="post" className="card flex flex-col gap-3 p-5" replace>
          <input type="hidden" name="intent" value="send" />
          <p className="text-sm text-gray-700">{t("auth.ask_for_link")}</p>
          <FormMessage refusal={refusal} fields={["email"]} />
          <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" refusal={refusal} />
          <SubmitButton>{t("auth.send_link")}</SubmitButton>
        </Form>
      )}
      <OtherWayIn question={t("auth.remembered_it")} to="/login" label={t("auth.sign_in")} />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
