import { useSearchParams } from "@remix-run/react";
import { useT } from "../../i18n/use-t";

/** After "Order again" (/cart?reordered=N&skipped=M): what came back into the cart, and what is no longer sold. */
export function ReorderNotice() {
  const [params] = useSearchParams();
  const added = count(params.get("reordered"));
  const skipped = count(params.get("skipped"));
  const t = useT();
  if (added === null) return null;
  return (
    <p role="status" className="rounded-lg bg-brand-a10 px-3 py-2 text-sm text-ink" data-testid="reorder-notice">
      {skipped ? t("cart.reordered_some_skipped", { added, skipped }) : t("cart.reordered", { added })}
    </p>
  );
}

/** A small count from the address, or null when it is not one (the address is the shopper's to edit). */
function count(text: string | null): number | null {
  return text !== null && /^\d{1,3}$/.test(text) ? Number(text) : null;
}
