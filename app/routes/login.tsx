import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { readSignIn, safeRedirectTo } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { refused } from "../lib/cart.server";
import { requiredText } from "../lib/form-fields.server";
import { readForm } from "../lib/form-reader.server";
import { typedValues } from "../lib/form-refusal";
import { routeMeta } from "../lib/route-meta";

const loginForm = z.object({
  login: requiredText("Enter your email or phone number.", 254),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(128),
  redirectTo: z.string().max(2000).optional(),
});

const FIELDS = ["login", "password"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (context.shopper.current.kind === "customer") throw redirect(redirectTo, 303);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, loginForm);
  if (!form.ok) return refused({ ok: false, message: form.message, field: form.field });
  const { login, password, redirectTo } = form.data;
  const json = login.includes("@") ? { email: login, password } : { phone: login, password };
  const outcome = await readSignIn(context, await context.origin.api.login.$post({ json }));
  if (!outcome.ok) return refused({ ...outcome, values: typedValues(form.data) }, outcome.retryAfter);
  return redirect(safeRedirectTo(redirectTo), 303);
}

export const headers = shopperHeaders;

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8" data-testid="login-page">
      <h1 className="text-2xl font-semibold text-ink">Sign in</h1>
      <Form method="post" className="card flex flex-col gap-3 p-5" replace>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage refusal={refusal} fields={FIELDS} />
        <TextField label="Email or phone number" name="login" autoComplete="username" refusal={refusal} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" refusal={refusal} />
        <button type="submit" className="btn-brand" disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="text-sm text-gray-700">
        New here?{" "}
        <Link to={`/register?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-brand underline">
          Create an account
        </Link>
      </p>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...routeMeta(matches, { kind: "general", title: "Sign in" }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <ErrorPage />;
}
