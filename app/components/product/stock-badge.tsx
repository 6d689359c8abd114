import { STOCK_TEXT, type StockLevel } from "../../../commerce/stock";
import { useT } from "../../i18n/use-t";

const TONE: Record<StockLevel, string> = {
  in_stock: "bg-green-50 text-green-800",
  low_stock: "bg-amber-50 text-amber-900",
  out_of_stock: "bg-red-50 text-red-800",
};

/**
 * The product's stock at the shopper's branch (decision 053): in stock, only a few left, or out of stock. Nothing for
 * a product the branch does not count, which sells as it always did.
 */
export function StockBadge({ level, className = "" }: { level: StockLevel | null; className?: string }) {
  const t = useT();
  if (level === null) return null;
  return (
    <span
      className={`inline-block w-fit rounded px-2 py-0.5 text-xs font-medium ${TONE[level]} ${className}`}
      data-testid="stock-level"
      data-level={level}
    >
      {t(STOCK_TEXT[level])}
    </span>
  );
}
