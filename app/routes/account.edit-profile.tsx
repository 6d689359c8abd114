import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { UPLOAD_LIMIT_BYTES } from "../../commerce/uploads";
import * as z from "../../commerce/zod";
import { Avatar } from "../components/account/avatar";
import { NewPasswordField } from "../components/account/new-password-field";
import { FormMessage, TextField } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { accountRefusalOf, customerRead, requireCustomer, signOutOn401 } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { requiredText } from "../lib/form-fields.server";
import { readForm } from "../lib/form-reader.server";
import { typedValues } from "../lib/form-refusal";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const DETAIL_FIELDS = ["name", "email", "phone"] as const;

/** Three forms post here: the details and the password (checked by the API, which names the field), and the avatar. */
const profileForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("details"),
      name: requiredText("Enter your name.", 100),
      email: requiredText("Enter a valid email address.", 254),
      phone: requiredText("Enter a valid phone number.", 30),
      /** The current password, named apart from the password form's field of the same meaning on this page. */
      details_password: z.optional(z.string().check(z.maxLength(254))),
    }),
    z.object({
      intent: z.literal("password"),
      current_password: z.string({ error: "Enter your current password." }).check(z.maxLength(254)),
      password: z.string({ error: "Enter a new password." }).check(z.maxLength(254)),
    }),
    z.object({
      intent: z.literal("avatar"),
      avatar: z
        .instanceof(File, { error: "Choose an image to upload." })
        .check(z.refine((file) => file.size > 0, "Choose an image to upload.")),
    }),
  ],
  { error: "This form could not be sent. Please try again." },
);

const SAVED = {
  details: "Your details are saved.",
  password: "Your password is changed. Anywhere else you were signed in, you are now signed out.",
  avatar: "Your new picture is saved.",
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
  return {
    user,
    notice: saved !== null && saved in SAVED ? SAVED[saved as keyof typeof SAVED] : null,
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
  const { user, notice } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const avatarError = refusal?.fields?.avatar;
  return (
    <Page title="Edit profile" testId="edit-profile-page">
      {notice && !refusal ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="form-notice">
          {notice}
        </p>
      ) : null}
      <FormMessage refusal={refusal} fields={[...DETAIL_FIELDS, "details_password", "current_password", "password", "avatar"]} />
      <Form method="post" className="card flex flex-col gap-3 p-5" aria-label="Your details">
        <input type="hidden" name="intent" value="details" />
        <TextField label="Name" name="name" autoComplete="name" defaultValue={user.name} maxLength={100} refusal={refusal} />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={user.email} refusal={refusal} />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={user.phone}
          maxLength={30}
          refusal={refusal}
        />
        <TextField
          label="Your password (needed for new contact details)"
          name="details_password"
          type="password"
          autoComplete="current-password"
          required={false}
          maxLength={128}
          refusal={refusal}
        />
        <SubmitButton>Save details</SubmitButton>
      </Form>
      <Form method="post" className="card flex flex-col gap-3 p-5" aria-label="Your password">
        <input type="hidden" name="intent" value="password" />
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          refusal={refusal}
        />
        <NewPasswordField refusal={refusal} maxLength={128} />
        <SubmitButton className="btn-outline">Change password</SubmitButton>
      </Form>
      <Form method="post" encType="multipart/form-data" className="card flex flex-col gap-3 p-5" aria-label="Your picture">
        <input type="hidden" name="intent" value="avatar" />
        <div className="flex items-center gap-4">
          <Avatar user={user} size={64} />
          <label className="flex flex-1 flex-col gap-1 text-sm text-ink">
            Picture (PNG, JPEG or WebP, at most 2 MB)
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
        <SubmitButton className="btn-outline">Upload picture</SubmitButton>
      </Form>
      <TextLink to="/account">Back to your account</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Edit profile");

export const ErrorBoundary = ErrorPage;
