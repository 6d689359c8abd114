import { Form, Link } from "@remix-run/react";
import { ADDRESS_LABEL_MESSAGES, type Address, addressText } from "../../../commerce/addresses";
import { useT } from "../../i18n/use-t";

/** One saved address: its label, text and default badge, and the forms that make it the default or delete it. */
export function AddressCard({ address }: { address: Address }) {
  const t = useT();
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="address">
      <p className="flex items-center gap-2 font-semibold text-ink">
        {t(ADDRESS_LABEL_MESSAGES[address.label])}
        {address.is_default ? (
          <span className="rounded bg-brand-a10 px-2 py-0.5 text-xs font-medium" data-testid="default-badge">
            {t("account.default_badge")}
          </span>
        ) : null}
      </p>
      <p className="text-sm text-ink">{address.name}</p>
      <p className="text-sm text-gray-700" data-testid="address-text">
        {addressText(address, t)}
      </p>
      <p className="text-sm text-gray-700">{address.phone}</p>
      <div className="flex gap-2">
        {address.is_default ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="make-default" />
            <input type="hidden" name="address_id" value={address.id} />
            <button type="submit" className="btn-outline text-sm" data-testid="make-default">
              {t("account.make_default")}
            </button>
          </Form>
        )}
        {/* A link to the confirmation step: deleting takes a second, explicit press (with or without JavaScript). */}
        <Link to={`?delete=${address.id}`} className="btn-outline text-sm" data-testid="delete-address">
          {t("account.delete")}
        </Link>
      </div>
    </li>
  );
}

/** The confirmation step of a delete: the address again, and a button that deletes it for real. */
export function ConfirmDelete({ address }: { address: Address }) {
  const t = useT();
  return (
    <section className="card flex flex-col gap-3 border-red-200 p-4" aria-labelledby="confirm-delete" data-testid="confirm-delete">
      <h2 id="confirm-delete" className="font-semibold text-ink">
        {t("account.delete_title")}
      </h2>
      <p className="text-sm text-gray-700">
        {t("account.labelled_address", { label: t(ADDRESS_LABEL_MESSAGES[address.label]), address: addressText(address, t) })}
      </p>
      <div className="flex gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="address_id" value={address.id} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="btn-brand text-sm" data-testid="confirm-delete-button">
            {t("account.delete")}
          </button>
        </Form>
        <Link to="." className="btn-outline text-sm">
          {t("account.keep_it")}
        </Link>
      </div>
    </section>
  );
}
