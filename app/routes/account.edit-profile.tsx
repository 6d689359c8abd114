import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import { UPLOAD_LIMIT_BYTES } from "../../commerce/uploads";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { Avatar } from "../components/account/avatar";
import { NewPasswordField } from "../components/account/new-password-field";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { accountRefusalOf, customerRead, requireCustomer, signOutOn401 } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { requiredText } from "../lib/form-fields.server";
import { typedValues } from "../lib/form-refusal";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const DETAIL_FIELDS = ["name", "email", "phone"] as const;

/** Three forms post here: the details and the password (checked by the API, which names the field), and the avatar. */
const profileForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("details"),
      name: requiredText(issueId("account.enter_name"), 100),
      email: requiredText(issueId("account.enter_valid_email"), 254),
      phone: requiredText(issueId("account.enter_valid_phone"), 30),
      /** The current password, named apart from the password form's field of the same meaning on this page. */
      details_password: z.optional(z.string().check(z.maxLength(254))),
    }),
    z.object({
      intent: z.literal("password"),
      current_password: z.string({ error: issueId("account.enter_current_password") }).check(z.maxLength(254)),
      password: z.string({ error: issueId("account.enter_new_password") }).check(z.maxLength(254)),
    }),
    z.object({
      intent: z.literal("avatar"),
      avatar: z
        .instanceof(File, { error: issueId("account.choose_image") })
        .check(z.refine((file) => file.size > 0, issueId("account.choose_image"))),
    }),
  ],
  { error: issueId("account.form_not_sent") },
);

const SAVED = {
  details: "account.saved_details",
  password: "account.saved_password",
  avatar: "account.saved_avatar",
} as const;

/** The API names the current password `current_password` for both forms; the details form's field is `details_password`. */
function detailsFields(intent: string, fields: Record<string, string> | undefined) {
  if (intent !== "details" || !fields?.current_password) return fields;
  const { current_password, ...rest } = fields;
  return { ...rest, details_password: current_password };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const user = await customerRead(context, request, context.origin.userDetails());
  const saved = new URL(request.url).searchParams.get("saved");
  const t = pageTranslator(context);
  return {
    user,
    notice: saved !== null && saved in SAVED ? t(SAVED[saved as keyof typeof SAVED]) : null,
    title: t("account.edit_profile"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  const form = await readForm(request, profileForm, { files: true, maxBytes: UPLOAD_LIMIT_BYTES });
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  const { data } = form;
  const { attempt } = context.origin;
  const outcome =
    data.intent === "details"
      ? await attempt.updateDetails({
          name: data.name,
          email: data.email,
          phone: data.phone,
          current_password: data.details_password || undefined,
        })
      : data.intent === "password"
        ? await attempt.changePassword({ current_password: data.current_password, password: data.password })
        : await attempt.changeAvatar({ avatar: data.avatar });
  if (outcome.ok) return redirect(`/account/edit-profile?saved=${data.intent}`, 303);
  signOutOn401(context, request, outcome);
  const refusal = accountRefusalOf(outcome);
  return refused({ ...refusal, fields: detailsFields(data.intent, refusal.fields), values: typedValues(data) }, refusal.retryAfter);
}

export const headers = shopperHeaders;

export default function EditProfilePage() {
  const t = useT();
  const { user, notice } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const avatarError = refusal?.fields?.avatar;
  return (
    <Page title={t("account.edit_profile")} testId="edit-profile-page">
      {notice && !refusal ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="form-notice">
          {notice}
        </p>
      ) : null}
      <FormMessage refusal={refusal} fields={[...DETAIL_FIELDS, "details_password", "current_password", "password", "avatar"]} />
      <Form method="post" className="card flex flex-col gap-3 p-5" aria-label={t("account.your_details")}>
        <input type="hidden" name="intent" value="details" />
        <TextField label={t("account.name")} name="name" autoComplete="name" defaultValue={user.name} maxLength={100} refusal={refusal} />
        <TextField label={t("account.email")} name="email" type="email" autoComplete="email" defaultValue={user.email} refusal={refusal} />
        <TextField
          label={t("account.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={user.phone}
          maxLength={30}
          refusal={refusal}
        />
        <TextField
          label={t("account.password_for_details")}
          name="details_password"
          type="password"
          autoComplete="current-password"
          required={false}
          maxLength={128}
          refusal={refusal}
        />
        <SubmitButton>{t("account.save_details")}</SubmitButton>
      </Form>
      <Form method="post" className="card flex flex-col gap-3 p-5" aria-label={t("account.your_password")}>
        <input type="hidden" name="intent" value="password" />
        <TextField
          label={t("account.current_password")}
          name="current_password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          refusal={refusal}
        />
        <NewPasswordField refusal={refusal} maxLength={128} />
        <SubmitButton className="btn-outline">{t("account.change_password")}</SubmitButton>
      </Form>
      <Form method="post" encType="multipart/form-data" className="card flex flex-col gap-3 p-5" aria-label={t("account.your_picture")}>
        <input type="hidden" name="intent" value="avatar" />
        <div className="flex items-center gap-4">
          <Avatar user={user} size={64} />
          <label className="flex flex-1 flex-col gap-1 text-sm text-ink">
            {t("account.picture_rule")}
            <input
              type="file"
              name="avatar"
              accept="image/png,image/jpeg,image/webp"
              required
              aria-invalid={avatarError ? true : undefined}
              aria-describedby={avatarError ? "avatar-error" : undefined}
              className="text-sm"
            />
            {avatarError ? (
              <span id="avatar-error" className="text-red-800" data-testid="avatar-error">
                {avatarError}
              </span>
            ) : null}
          </label>
        </div>
        <SubmitButton className="btn-outline">{t("account.upload_picture")}</SubmitButton>
      </Form>
      <TextLink to="/account">{t("account.back_to_account")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
