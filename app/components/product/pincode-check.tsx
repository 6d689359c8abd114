import { Form } from "@remix-run/react";
import { formatPrice } from "../../../commerce/money";
import { useT } from "../../i18n/use-t";
import { PINCODE_PARAM } from "../../lib/pincode-check";
import { useCurrency } from "../../lib/use-store";
import type { PincodeCheck } from "../../route-data";

/**
 * "Do you deliver to my pincode?" on the product page: a GET form to the page itself, answered by its loader through
 * /api/check-pincode, so it works the same with JavaScript (a navigation that keeps the scroll) and without.
 */
export function PincodeCheckForm({ action, check }: { action: string; check: PincodeCheck | null }) {
  const t = useT();
  const currency = useCurrency();
  return (
    <section className="mt-6 rounded-xl bg-white p-4 ring-1 ring-black/5" data-testid="pincode-check" aria-labelledby="pincode-check-title">
      <h2 id="pincode-check-title" className="mb-2 font-semibold text-ink">
        {t("product.check_delivery")}
      </h2>
      <Form method="get" action={action} preventScrollReset replace className="flex gap-2">
        <label htmlFor="pincode-check-input" className="sr-only">
          {t("product.pincode")}
        </label>
        <input
          id="pincode-check-input"
          name={PINCODE_PARAM}
          required
          inputMode="numeric"
          maxLength={12}
          autoComplete="postal-code"
          placeholder={t("product.enter_pincode")}
          defaultValue={check ? (check.ok ? check.answer.pincode : check.pincode) : undefined}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand focus:outline-none"
        />
        <button type="submit" className="btn-outline">
          {t("product.check")}
        </button>
      </Form>
      {check ? (
        <p role="status" className="mt-2 text-sm" data-testid="pincode-check-result">
          {!check.ok ? (
            <span className="text-red-800">{check.message}</span>
          ) : !check.answer.served ? (
            <span className="text-red-800">{t("product.pincode_not_served", { pincode: check.answer.pincode })}</span>
          ) : (
            <span className="text-ink">
              {t("product.pincode_served", {
                pincode: check.answer.pincode,
                located: check.answer.located ? "yes" : "no",
                has_branch: check.answer.branch ? "yes" : "no",
                branch: check.answer.branch?.name ?? "",
                charge: check.answer.delivery_charge === null ? "none" : check.answer.delivery_charge === 0 ? "free" : "paid",
                price: check.answer.delivery_charge ? formatPrice(check.answer.delivery_charge, currency) : "",
                free_above: check.answer.free_above !== null && check.answer.delivery_charge ? "yes" : "no",
                threshold: check.answer.free_above !== null ? formatPrice(check.answer.free_above, currency) : "",
              })}
            </span>
          )}
        </p>
      ) : null}
    </section>
  );
}
