import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-20 text-center"
      data-testid="not-found"
    >
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-xl font-semibold text-ink">Page not found</h1>
      <p className="text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn-brand">
        Back to the store
      </Link>
    </main>
  );
}
