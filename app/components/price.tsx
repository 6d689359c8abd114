import { formatPrice } from "../../commerce/money";
import { useCurrency } from "../lib/use-store";

/** A price in the store's currency, with the original price struck through when it is higher. */
export function Price({ amount, original }: { amount: number; original?: number | null }) {
  const currency = useCurrency();
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="font-semibold text-ink" data-testid="price">
        {formatPrice(amount, currency)}
      </span>
      {original != null && original > amount ? (
        <s className="relative text-sm text-gray-600">
          <span className="sr-only">was </span>
          {formatPrice(original, currency)}
        </s>
      ) : null}
    </span>
  );
}
