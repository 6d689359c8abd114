import { useEffect, useState } from "react";
import { watchConnectivity } from "../../lib/connectivity";
import { useStore } from "../../lib/use-store";

/**
 * The spec's full-screen offline view (section 2), shown while the store cannot be reached and cleared when the probe
 * answers again. Rendered only after hydration: without JavaScript the browser's own error page says it.
 */
export function OfflineView() {
  const probeUrl = useStore()?.connectivityProbeUrl;
  const [online, setOnline] = useState(true);
  useEffect(() => (probeUrl ? watchConnectivity(probeUrl, setOnline) : undefined), [probeUrl]);
  if (online) return null;
  return (
    <div
      className="fixed inset-0 z-80 flex flex-col items-center justify-center gap-2 bg-white px-6 text-center"
      role="alert"
      data-testid="offline-view"
    >
      <div aria-hidden="true" className="mb-2 h-16 w-16 rounded-full bg-brand-a20 ring-8 ring-brand-a10" />
      <h2 className="text-xl font-semibold text-ink">You are offline!</h2>
      <p className="text-gray-600">Please check your internet connection.</p>
    </div>
  );
}
