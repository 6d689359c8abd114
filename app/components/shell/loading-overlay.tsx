import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";

/** Only navigations slower than this get the overlay; quick ones would just flash. */
const SHOW_AFTER_MS = 400;

/**
 * The spec's full-screen loading overlay for slow navigations. A link can pass a message in its state
 * (`state={{ loadingMessage }}`, in the page's language); otherwise it says "Loading…" in it.
 */
export function LoadingOverlay() {
  const t = useT();
  const navigation = useNavigation();
  const [slow, setSlow] = useState(false);
  const busy = navigation.state === "loading" && navigation.location.pathname !== undefined;
  useEffect(() => {
    if (!busy) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!slow || !busy) return null;
  const message = (navigation.location.state as { loadingMessage?: string } | null)?.loadingMessage;
  return (
    <div
      className="fixed inset-0 z-70 flex flex-col items-center justify-center gap-3 bg-white/70 backdrop-blur-sm"
      role="status"
      data-testid="loading-overlay"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-a20 border-t-brand" aria-hidden="true" />
      <span className="text-sm text-ink">{message ?? t("common.loading")}</span>
    </div>
  );
}
