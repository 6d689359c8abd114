import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MAX_ADDRESSES } from "../../commerce/addresses";
import { issueId } from "../../commerce/i18n/message";
import { parseId } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { AddressCard, ConfirmDelete } from "../components/account/address-card";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { requireCustomer } from "../lib/account.server";
import { addressChange, loadAddresses } from "../lib/addresses.server";
import { shopperHeaders } from "../lib/cache-headers";
import { idField } from "../lib/form-fields.server";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const notChanged = issueId("account.address_not_changed");
const addressesForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("make-default"), address_id: idField(notChanged) }),
    z.object({ intent: z.literal("delete"), address_id: idField(notChanged), confirm: z.optional(z.literal("yes")) }),
  ],
  { error: notChanged },
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const addresses = await loadAddresses(context, request);
  // ?delete=<id>: the confirmation step of a delete (a plain link, so it works without JavaScript).
  const deleteId = parseId(new URL(request.url).searchParams.get("delete"));
  return {
    addresses,
    confirming: addresses.find((a) => a.id === deleteId) ?? null,
    title: pageTranslator(context)("account.saved_addresses"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  const form = await readForm(request, addressesForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  const { intent, address_id } = form.data;
  if (intent === "delete" && form.data.confirm !== "yes") throw redirect(`/account/addresses?delete=${address_id}`, 303);
  const { attempt } = context.origin;
  const changed = intent === "delete" ? await attempt.deleteAddress({ address_id }) : await attempt.setDefaultAddress({ address_id });
  const change = addressChange(context, request, changed);
  if (!change.ok) return refused(change, change.retryAfter);
  return redirect("/account/addresses", 303);
}

export const headers = shopperHeaders;

export default function AddressesPage() {
  const t = useT();
  const { addresses, confirming } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("account.saved_addresses")} testId="addresses-page">
      <FormMessage refusal={refusal} />
      {confirming ? <ConfirmDelete address={confirming} /> : null}
      {addresses.length === 0 ? <p className="text-gray-700">{t("account.no_addresses")}</p> : null}
      <ul className="flex flex-col gap-3">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} />
        ))}
      </ul>
      {addresses.length < MAX_ADDRESSES ? (
        <Link to="/account/add-address" className="btn-brand text-center" data-testid="add-address-link">
          {t("account.add_address")}
        </Link>
      ) : (
        <p className="text-sm text-gray-700">{t("account.addresses_full", { count: MAX_ADDRESSES })}</p>
      )}
      <TextLink to="/account">{t("account.back_to_account")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
