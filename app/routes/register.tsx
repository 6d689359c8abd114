import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "../../commerce/zod";
import { OtherWayIn } from "../components/account/other-way-in";
import { RedirectingFormCard } from "../components/account/redirecting-form-card";
import { TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { isSignedIn, safeRedirectTo, signedIn } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { readForm } from "../lib/form-reader.server";
import { typedValues } from "../lib/form-refusal";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/** The API checks each field and answers the shopper's message (worker/api/account.ts); the page only passes them on. */
const text = z.string({ error: "Fill in every field." }).check(z.maxLength(254));
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
  return { redirectTo, referredBy };
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
  const { redirectTo, referredBy } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title="Create an account" testId="register-page">
      <RedirectingFormCard redirectTo={redirectTo} refusal={refusal} fields={FIELDS}>
        <TextField label="Name" name="name" autoComplete="name" refusal={refusal} />
        <TextField label="Email" name="email" type="email" autoComplete="email" refusal={refusal} />
        <TextField label="Phone number" name="phone" type="tel" autoComplete="tel" refusal={refusal} />
        <TextField label="Password (at least 8 characters)" name="password" type="password" autoComplete="new-password" refusal={refusal} />
        <TextField
          label="Friend's referral code (optional)"
          name="referred_by"
          autoComplete="off"
          defaultValue={referredBy}
          required={false}
          maxLength={40}
          refusal={refusal}
        />
        <SubmitButton>Create account</SubmitButton>
      </RedirectingFormCard>
      <OtherWayIn question="Have an account?" to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} label="Sign in" />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Create an account");

export const ErrorBoundary = ErrorPage;
