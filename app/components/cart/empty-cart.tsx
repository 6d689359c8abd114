import { Link } from "@remix-run/react";

/** What the cart and checkout show instead of lines when there are none. */
export function EmptyCart({ testId }: { testId: string }) {
  return (
    <div className="card p-6 text-center" data-testid={testId}>
      <p className="mb-3 text-gray-600">Your cart is empty.</p>
      <Link to="/" className="btn-brand">
        Browse the store
      </Link>
    </div>
  );
}
