import { Form, Link } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import type { FormRefusal } from "../../lib/form-refusal";
import { SubmitButton } from "../submit-button";
import { FormMessage, TextField } from "./text-field";

/**
 * Sign-in with a one-time code, in two plain forms (both work without JavaScript): step 1 sends the code to an email
 * or phone, then /login?otp=…&to=… shows step 2, where the code is typed.
 */

export function SendCodeForm({ redirectTo, refusal }: { redirectTo: string; refusal: FormRefusal | null }) {
  const t = useT();
  return (
    <Form method="post" className="card flex flex-col gap-3 p-5" replace data-testid="send-code-form">
      <h2 className="font-semibold text-ink">{t("auth.code_sign_in_title")}</h2>
      <input type="hidden" name="intent" value="send-code" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage refusal={refusal} fields={["to"]} />
      <TextField label={t("auth.email_or_phone")} name="to" autoComplete="username" refusal={refusal} />
      <SubmitButton className="btn-outline">{t("auth.send_code")}</SubmitButton>
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
  const t = useT();
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="code-step-title" data-testid="code-step">
      <h2 id="code-step-title" className="font-semibold text-ink">
        {t("auth.enter_your_code")}
      </h2>
      <p className="text-sm text-gray-700">
        {step.kind === "email" ? t("auth.code_mailed", { to: step.to }) : t("auth.code_texted", { to: step.to })}
      </p>
      <Form method="post" className="flex flex-col gap-3" replace>
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="to" value={step.to} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage refusal={refusal} fields={["code"]} />
        <TextField label={t("auth.code")} name="code" autoComplete="one-time-code" inputMode="numeric" refusal={refusal} />
        <SubmitButton>{t("auth.sign_in")}</SubmitButton>
      </Form>
      <Form method="post" replace className="flex flex-wrap items-center gap-3 text-sm">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="to" value={step.to} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton className="text-brand underline">{t("auth.send_new_code")}</SubmitButton>
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-brand underline">
          {t("auth.use_another_way")}
        </Link>
      </Form>
    </section>
  );
}
