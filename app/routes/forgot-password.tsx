import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { NewPasswordField } from "../components/account/new-password-field";
import { OtherWayIn } from "../components/account/other-way-in";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { shopperHeaders } from "../lib/cache-headers";
import { forgotPasswordForm, submitForgotPasswordForm } from "../lib/forgot-password-forms.server";
import { readForm } from "../lib/form-reader.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/** Three views: ask for the link, "we have sent a link" (?sent=1), and the new-password form the link opens (?token=). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null, sent: url.searchParams.has("sent") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, forgotPasswordForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  return submitForgotPasswordForm(context, form.data);
}

export const headers = shopperHeaders;

export default function ForgotPasswordPage() {
  const { token, sent } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={token ? "Choose a new password" : "Forgot your password?"} testId="forgot-password-page">
      {token ? (
        <Form method="post" className="card flex flex-col gap-3 p-5" replace>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
          <FormMessage refusal={refusal} fields={["password"]} />
          <NewPasswordField refusal={refusal} />
          <SubmitButton>Save and sign in</SubmitButton>
          {refusal ? <TextLink to="/forgot-password">Ask for a new link</TextLink> : null}
        </Form>
      ) : sent ? (
        <p className="card p-5 text-sm text-ink" role="status" data-testid="link-sent">
          If an account exists for that email, we have sent a link to choose a new password. It works for 30 minutes.
        </p>
      ) : (
        <Form method="post" className="card flex flex-col gap-3 p-5" replace>
          <input type="hidden" name="intent" value="send" />
          <p className="text-sm text-gray-700">Enter the email of your account, and we will mail you a link to choose a new password.</p>
          <FormMessage refusal={refusal} fields={["email"]} />
          <TextField label="Email" name="email" type="email" autoComplete="email" refusal={refusal} />
          <SubmitButton>Send link</SubmitButton>
        </Form>
      )}
      <OtherWayIn question="Remembered it?" to="/login" label="Sign in" />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Forgot your password?");

export const ErrorBoundary = ErrorPage;
