import { useSearchParams } from "@remix-run/react";

/** After "Order again" (/cart?reordered=N&skipped=M): what came back into the cart, and what is no longer sold. */
export function ReorderNotice() {
  const [params] = useSearchParams();
  const added = count(params.get("reordered"));
  const skipped = count(params.get("skipped"));
  if (added === null) return null;
  const addedText = `${added} ${added === 1 ? "item" : "items"} from your order ${added === 1 ? "was" : "were"} added to your cart.`;
  const skippedText = skipped ? ` ${skipped} ${skipped === 1 ? "is" : "are"} no longer available.` : "";
  return (
    <p role="status" className="rounded-lg bg-brand-a10 px-3 py-2 text-sm text-ink" data-testid="reorder-notice">
      {addedText + skippedText}
    </p>
  );
}

/** A small count from the address, or null when it is not one (the address is the shopper's to edit). */
function count(text: string | null): number | null {
  return text !== null && /^\d{1,3}$/.test(text) ? Number(text) : null;
}
