import { useT } from "../../i18n/use-t";

/** Spec section 2: what a plugin shows while its code or its vendor's script is on the way. */
export function LoadingPlugin() {
  const t = useT();
  return (
    <p role="status" className="rounded-lg bg-white px-3 py-1 text-xs text-gray-700 shadow" data-testid="loading-plugin">
      {t("consent.loading_plugin")}
    </p>
  );
}
