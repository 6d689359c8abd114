import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { ADDRESS_FIELDS, AddressFields } from "../components/account/address-fields";
import { RedirectingFormCard } from "../components/account/redirecting-form-card";
import { UseLocationButton } from "../components/account/use-location-button";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { requireCustomer, safeRedirectTo } from "../lib/account.server";
import { addressChange } from "../lib/addresses.server";
import { shopperHeaders } from "../lib/cache-headers";
import { optionalNumberField, optionalText } from "../lib/form-fields.server";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/** The API checks each field and answers the shopper's message per field (worker/accounts/fields.ts); the page passes them on. */
const text = z.string({ error: issueId("account.fill_every_field") }).check(z.maxLength(254));
const unreadable = issueId("account.position_unreadable");
// The API's own limits (worker/accounts/fields.ts), told with the check's maximum.
const addAddressForm = z.object({
  name: text,
  phone: text,
  line1: text,
  line2: optionalText(issueId("account.at_most_characters"), 200),
  landmark: optionalText(issueId("account.at_most_characters"), 100),
  city: text,
  state: text,
  pincode: text,
  latitude: optionalNumberField(unreadable),
  longitude: optionalNumberField(unreadable),
  label: z.string({ error: issueId("account.choose_label") }).check(z.maxLength(10)),
  make_default: z.optional(z.literal("yes")),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  return {
    redirectTo: safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"), "/account/addresses"),
    title: pageTranslator(context)("account.add_address"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  const form = await readForm(request, addAddressForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  const { redirectTo, make_default, ...address } = form.data;
  // What was sent, to fill the form again after a refusal.
  const values: Record<string, string> = {
    ...address,
    line2: address.line2 ?? "",
    landmark: address.landmark ?? "",
    latitude: String(address.latitude ?? ""),
    longitude: String(address.longitude ?? ""),
    make_default: make_default ?? "",
  };
  // The label is the API's to check (a tampered one is refused beside the field).
  const json = { ...address, label: address.label as "Home", make_default: make_default === "yes" };
  const change = addressChange(context, request, await context.origin.attempt.addAddress(json));
  if (!change.ok) return refused({ ...change, values }, change.retryAfter);
  return redirect(safeRedirectTo(redirectTo, "/account/addresses"), 303);
}

export const headers = shopperHeaders;

export default function AddAddressPage() {
  const t = useT();
  const { redirectTo } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("account.add_address")} testId="add-address-page">
      <RedirectingFormCard redirectTo={redirectTo} refusal={refusal} fields={ADDRESS_FIELDS}>
        <UseLocationButton />
        <AddressFields refusal={refusal} />
        <SubmitButton data-testid="save-address">{t("account.save_address")}</SubmitButton>
      </RedirectingFormCard>
      <TextLink to="/account/addresses">{t("account.back_to_addresses")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
