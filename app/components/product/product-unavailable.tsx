/**
 * Said in place of the add-to-cart form when the shopper's branch does not sell the product (its page still answers:
 * links are shared between shoppers of every branch).
 */
export function ProductUnavailable({ branchName }: { branchName: string }) {
  return (
    <p className="rounded-lg bg-red-50 p-3 font-medium text-red-800" role="status" data-testid="product-unavailable">
      Not available at {branchName}
    </p>
  );
}
