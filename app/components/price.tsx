import { formatPrice } from "../../commerce/money";
import { useT } from "../i18n/use-t";
import { useCurrency } from "../lib/use-store";

/** A price in the store's currency, with the original price struck through when it is higher. */
export function Price({ amount, original }: { amount: number; original?: number | null }) {
  const t = useT();
  const currency = useCurrency();
  const was = original != null && original > amount ? formatPrice(original, currency) : null;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="font-semibold text-ink" data-testid="price">
        {formatPrice(amount, currency)}
      </span>
      {was !== null ? (
        <>
          {/* Heard as one phrase in the page's language ("was ₹319"), seen struck through. */}
          <span className="sr-only">{t("common.price_was", { price: was })}</span>
          <s className="relative text-sm text-gray-600" aria-hidden="true">
            {was}
          </s>
        </>
      ) : null}
    </span>
  );
}
