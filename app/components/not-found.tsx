import { Link } from "@remix-run/react";
import { useT } from "../i18n/use-t";

export function NotFound() {
  const t = useT();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-20 text-center"
      data-testid="not-found"
    >
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-xl font-semibold text-ink">{t("common.not_found_title")}</h1>
      <p className="text-gray-600">{t("common.not_found_text")}</p>
      <Link to="/" className="btn-brand">
        {t("common.back_to_store")}
      </Link>
    </main>
  );
}
