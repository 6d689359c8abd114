import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/use-t";
import { watchConnectivity } from "../../lib/connectivity";
import { useStore } from "../../lib/use-store";

/**
 * The spec's full-screen offline view (section 2), shown while the store cannot be reached and cleared when the probe
 * answers again. Rendered only after hydration: without JavaScript the browser's own error page says it.
 */
export function OfflineView() {
  const t = useT();
  const probeUrl = useStore()?.connectivityProbeUrl;
  const [online, setOnline] = useState(true);
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => (probeUrl ? watchConnectivity(probeUrl, setOnline) : undefined), [probeUrl]);

  // What it covers cannot be used, by a keyboard or a screen reader either, until it clears.
  useEffect(() => {
    const own = view.current;
    if (online || !own) return;
    const covered = [...document.body.children].filter(
      (element): element is HTMLElement => element !== own && element instanceof HTMLElement && !element.inert,
    );
    for (const element of covered) element.inert = true;
    own.focus();
    return () => {
      for (const element of covered) element.inert = false;
    };
  }, [online]);

  if (online) return null;
  return (
    <div
      ref={view}
      className="fixed inset-0 z-80 flex flex-col items-center justify-center gap-2 bg-white px-6 text-center outline-none"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-text"
      tabIndex={-1}
      data-testid="offline-view"
    >
      <div aria-hidden="true" className="mb-2 h-16 w-16 rounded-full bg-brand-a20 ring-8 ring-brand-a10" />
      <h2 id="offline-title" className="text-xl font-semibold text-ink">
        {t("shell.offline_title")}
      </h2>
      <p id="offline-text" className="text-gray-600">
        {t("shell.offline_text")}
      </p>
    </div>
  );
}
