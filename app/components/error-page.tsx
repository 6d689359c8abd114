import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useT } from "../i18n/use-t";
import { NotFound } from "./not-found";

/** Every route's error boundary: the 404 page for missing things, a readable message for the rest. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A response the pages threw carries the API's message for the shopper (an operation's failure, `pageFailure` in
  // worker/http/errors.ts), whatever its status: "The payment service did not answer" says more than a general
  // apology. Anything else is unexpected.
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data.trim() !== "" ? error.data : t("shell.error_unexpected");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-6 py-20 text-center" data-testid="error-page">
      <h1 className="mb-2 text-xl font-semibold text-ink">{t("shell.error_title")}</h1>
      <p className="text-gray-600">{message}</p>
    </main>
  );
}
