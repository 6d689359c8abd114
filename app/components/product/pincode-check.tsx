import { Form } from "@remix-run/react";
import { formatPrice } from "../../../commerce/money";
import { PINCODE_PARAM } from "../../lib/pincode-check";
import { useCurrency } from "../../lib/use-store";
import type { PincodeCheck } from "../../route-data";

/**
 * "Do you deliver to my pincode?" on the product page: a GET form to the page itself, answered by its loader through
 * /api/check-pincode, so it works the same with JavaScript (a navigation that keeps the scroll) and without.
 */
export function PincodeCheckForm({ action, check }: { action: string; check: PincodeCheck | null }) {
  const currency = useCurrency();
  return (
    <section className="mt-6 rounded-xl bg-white p-4 ring-1 ring-black/5" data-testid="pincode-check" aria-labelledby="pincode-check-title">
      <h2 id="pincode-check-title" className="mb-2 font-semibold text-ink">
        Check delivery
      </h2>
      <Form method="get" action={action} preventScrollReset replace className="flex gap-2">
        <label htmlFor="pincode-check-input" className="sr-only">
          Pincode
        </label>
        <input
          id="pincode-check-input"
          name={PINCODE_PARAM}
          required
          inputMode="numeric"
          maxLength={12}
          autoComplete="postal-code"
          placeholder="Enter pincode"
          defaultValue={check ? (check.ok ? check.answer.pincode : check.pincode) : undefined}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand focus:outline-none"
        />
        <button type="submit" className="btn-outline">
          Check
        </button>
      </Form>
      {check ? (
        <p role="status" className="mt-2 text-sm" data-testid="pincode-check-result">
          {!check.ok ? (
            <span className="text-red-800">{check.message}</span>
          ) : !check.answer.served ? (
            <span className="text-red-800">Sorry! We don't deliver to {check.answer.pincode}.</span>
          ) : (
            <span className="text-ink">
              {check.answer.located
                ? `We deliver to ${check.answer.pincode}`
                : `We could not place ${check.answer.pincode}; orders are delivered`}
              {check.answer.branch ? ` from ${check.answer.branch.name}` : ""}
              {check.answer.delivery_charge !== null
                ? check.answer.delivery_charge === 0
                  ? ", with free delivery"
                  : `, delivery ${formatPrice(check.answer.delivery_charge, currency)}`
                : ""}
              {check.answer.free_above !== null && check.answer.delivery_charge
                ? ` (free above ${formatPrice(check.answer.free_above, currency)})`
                : ""}
              .
            </span>
          )}
        </p>
      ) : null}
    </section>
  );
}
