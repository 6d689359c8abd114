import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MAX_ADDRESSES } from "../../commerce/addresses";
import { parseId } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import { AddressCard, ConfirmDelete } from "../components/account/address-card";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { TextLink } from "../components/text-link";
import { requireCustomer } from "../lib/account.server";
import { addressChange, loadAddresses } from "../lib/addresses.server";
import { shopperHeaders } from "../lib/cache-headers";
import { idField } from "../lib/form-fields.server";
import { readForm } from "../lib/form-reader.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const NOT_CHANGED = "The address could not be changed. Please try again.";
const addressesForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("make-default"), address_id: idField(NOT_CHANGED) }),
    z.object({ intent: z.literal("delete"), address_id: idField(NOT_CHANGED), confirm: z.optional(z.literal("yes")) }),
  ],
  { error: NOT_CHANGED },
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const addresses = await loadAddresses(context, request);
  // ?delete=<id>: the confirmation step of a delete (a plain link, so it works without JavaScript).
  const deleteId = parseId(new URL(request.url).searchParams.get("delete"));
  return { addresses, confirming: addresses.find((a) => a.id === deleteId) ?? null };
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
  const { addresses, confirming } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title="Saved addresses" testId="addresses-page">
      <FormMessage refusal={refusal} />
      {confirming ? <ConfirmDelete address={confirming} /> : null}
      {addresses.length === 0 ? <p className="text-gray-700">You have no saved addresses yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} />
        ))}
      </ul>
      {addresses.length < MAX_ADDRESSES ? (
        <Link to="/account/add-address" className="btn-brand text-center" data-testid="add-address-link">
          Add an address
        </Link>
      ) : (
        <p className="text-sm text-gray-700">You have saved {MAX_ADDRESSES} addresses, the most you can. Delete one to add another.</p>
      )}
      <TextLink to="/account">Back to your account</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Saved addresses");

export const ErrorBoundary = ErrorPage;
