import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { NewPasswordField } from "../components/account/new-password-field";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { useT } from "../i18n/use-t";
import { signedIn } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/**
 * The page the link in a "your contact details were changed" message opens (signed out: whoever changed them ended
 * the owner's sessions): a new password puts the old email and phone back, signs everyone else out and the owner in.
 */
const undoForm = z.object({
  token: z.string({ error: issueId("auth.undo_link_incomplete") }).check(z.maxLength(200)),
  password: z.string({ error: issueId("auth.enter_new_password") }).check(z.maxLength(254)),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null, title: pageTranslator(context)("auth.undo_title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, undoForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  const outcome = await signedIn(context, await context.origin.attempt.undoContactChange(form.data));
  if (outcome.ok) return redirect("/account", 303);
  const { retryAfter, ...refusal } = outcome;
  return refused({ ...refusal, values: {} }, retryAfter);
}

export const headers = shopperHeaders;

export default function UndoChangePage() {
  const t = useT();
  const { token } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("auth.undo_title")} testId="undo-change-page">
      {token ? (
        <Form method="post" className="card flex flex-col gap-3 p-5" replace>
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-gray-700">{t("auth.undo_explained")}</p>
          <FormMessage refusal={refusal} fields={["password"]} />
          <NewPasswordField refusal={refusal} />
          <SubmitButton>{t("auth.undo_submit")}</SubmitButton>
        </Form>
      ) : (
        <p className="card p-5 text-sm text-ink">{t("auth.undo_link_incomplete")}</p>
      )}
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
