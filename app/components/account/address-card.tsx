import { Form, Link } from "@remix-run/react";
import type { Address } from "../../../commerce/addresses";
import { addressText } from "../../../commerce/addresses";

/** One saved address: its label, text and default badge, and the forms that make it the default or delete it. */
export function AddressCard({ address }: { address: Address }) {
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="address">
      <p className="flex items-center gap-2 font-semibold text-ink">
        {address.label}
        {address.is_default ? (
          <span className="rounded bg-brand-a10 px-2 py-0.5 text-xs font-medium" data-testid="default-badge">
            Default
          </span>
        ) : null}
      </p>
      <p className="text-sm text-ink">{address.name}</p>
      <p className="text-sm text-gray-700" data-testid="address-text">
        {addressText(address)}
      </p>
      <p className="text-sm text-gray-700">{address.phone}</p>
      <div className="flex gap-2">
        {address.is_default ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="make-default" />
            <input type="hidden" name="address_id" value={address.id} />
            <button type="submit" className="btn-outline text-sm" data-testid="make-default">
              Make default
            </button>
          </Form>
        )}
        {/* A link to the confirmation step: deleting takes a second, explicit press (with or without JavaScript). */}
        <Link to={`?delete=${address.id}`} className="btn-outline text-sm" data-testid="delete-address">
          Delete
        </Link>
      </div>
    </li>
  );
}

/** The confirmation step of a delete: the address again, and a button that deletes it for real. */
export function ConfirmDelete({ address }: { address: Address }) {
  return (
    <section className="card flex flex-col gap-3 border-red-200 p-4" aria-labelledby="confirm-delete" data-testid="confirm-delete">
      <h2 id="confirm-delete" className="font-semibold text-ink">
        Delete this address?
      </h2>
      <p className="text-sm text-gray-700">
        {address.label}: {addressText(address)}
      </p>
      <div className="flex gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="address_id" value={address.id} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="btn-brand text-sm" data-testid="confirm-delete-button">
            Delete
          </button>
        </Form>
        <Link to="." className="btn-outline text-sm">
          Keep it
        </Link>
      </div>
    </section>
  );
}
