import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EnterCodeForm, SendCodeForm } from "../components/account/code-sign-in";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { safeRedirectTo } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { readForm } from "../lib/form-reader.server";
import { codeStepOf, loginForm, submitLoginForm } from "../lib/login-forms.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const PASSWORD_FIELDS = ["login", "password"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (context.shopper.current.kind === "customer") throw redirect(redirectTo, 303);
  return { redirectTo, codeStep: codeStepOf(url) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, loginForm);
  if (!form.ok) return refused({ ok: false, intent: undefined, message: form.message, fields: form.fields });
  return submitLoginForm(context, form.data);
}

export const headers = shopperHeaders;

export default function LoginPage() {
  const { redirectTo, codeStep } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  // Each refusal is shown beside the form it answers; one whose form is unknown, beside the step's main form.
  const refusalFor = (...intents: (string | undefined)[]) => (refusal && intents.includes(refusal.intent) ? refusal : null);
  return (
    <Page title="Sign in" testId="login-page">
      {codeStep ? (
        <EnterCodeForm step={codeStep} redirectTo={redirectTo} refusal={refusalFor("code", "send-code", undefined)} />
      ) : (
        <>
          <Form method="post" className="card flex flex-col gap-3 p-5" replace>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <FormMessage refusal={refusalFor("password", undefined)} fields={PASSWORD_FIELDS} />
            <TextField label="Email or phone number" name="login" autoComplete="username" refusal={refusalFor("password", undefined)} />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              refusal={refusalFor("password", undefined)}
            />
            <SubmitButton>Sign in</SubmitButton>
            <TextLink to="/forgot-password">Forgot your password?</TextLink>
          </Form>
          <SendCodeForm redirectTo={redirectTo} refusal={refusalFor("send-code")} />
        </>
      )}
      <p className="text-sm text-gray-700">
        New here?{" "}
        <Link to={`/register?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-brand underline">
          Create an account
        </Link>
      </p>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Sign in");

export const ErrorBoundary = ErrorPage;
