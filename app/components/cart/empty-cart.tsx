import { Link } from "@remix-run/react";
import { useT } from "../../i18n/use-t";

/** What the cart and checkout show instead of lines when there are none. */
export function EmptyCart({ testId }: { testId: string }) {
  const t = useT();
  return (
    <div className="card p-6 text-center" data-testid={testId}>
      <p className="mb-3 text-gray-600">{t("cart.empty")}</p>
      <Link to="/" className="btn-brand">
        {t("cart.browse_store")}
      </Link>
    </div>
  );
}
