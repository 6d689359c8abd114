import { Form, Link } from "@remix-run/react";
import type { FormRefusal } from "../../lib/form-refusal";
import { SubmitButton } from "../submit-button";
import { FormMessage, TextField } from "./text-field";

/**
 * Sign-in with a one-time code, in two plain forms (both work without JavaScript): step 1 sends the code to an email
 * or phone, then /login?otp=…&to=… shows step 2, where the code is typed.
 */

export function SendCodeForm({ redirectTo, refusal }: { redirectTo: string; refusal: FormRefusal | null }) {
  return (
    <Form method="post" className="card flex flex-col gap-3 p-5" replace data-testid="send-code-form">
      <h2 className="font-semibold text-ink">Sign in with a one-time code</h2>
      <input type="hidden" name="intent" value="send-code" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage refusal={refusal} fields={["to"]} />
      <TextField label="Email or phone number" name="to" autoComplete="username" refusal={refusal} />
      <SubmitButton className="btn-outline">Send code</SubmitButton>
    </Form>
  );
}

export function EnterCodeForm({
  step,
  redirectTo,
  refusal,
}: {
  step: { kind: "email" | "phone"; to: string };
  redirectTo: string;
  refusal: FormRefusal | null;
}) {
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="code-step-title" data-testid="code-step">
      <h2 id="code-step-title" className="font-semibold text-ink">
        Enter your code
      </h2>
      <p className="text-sm text-gray-700">
        {`If an account uses ${step.to}, we have ${step.kind === "email" ? "mailed" : "texted"} it a 6-digit code. It works for 10 minutes.`}
      </p>
      <Form method="post" className="flex flex-col gap-3" replace>
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="to" value={step.to} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage refusal={refusal} fields={["code"]} />
        <TextField label="Code" name="code" autoComplete="one-time-code" inputMode="numeric" refusal={refusal} />
        <SubmitButton>Sign in</SubmitButton>
      </Form>
      <Form method="post" replace className="flex flex-wrap items-center gap-3 text-sm">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="to" value={step.to} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton className="text-brand underline">Send a new code</SubmitButton>
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-brand underline">
          Use another email or phone, or a password
        </Link>
      </Form>
    </section>
  );
}
