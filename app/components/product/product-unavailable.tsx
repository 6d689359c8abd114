import { useT } from "../../i18n/use-t";

/**
 * Said in place of the add-to-cart form when the shopper's branch does not sell the product (its page still answers:
 * links are shared between shoppers of every branch). An empty name: the shopper's branch has none to give.
 */
export function ProductUnavailable({ branchName }: { branchName: string }) {
  const t = useT();
  return (
    <p className="rounded-lg bg-red-50 p-3 font-medium text-red-800" role="status" data-testid="product-unavailable">
      {branchName ? t("product.not_available_at", { branch: branchName }) : t("product.not_available_here")}
    </p>
  );
}
