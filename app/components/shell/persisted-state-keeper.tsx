import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as rootLoader } from "../../root";
import { keepGuestId, restorePersistedState } from "../../state/persisted-state";

/** Restores the browser's persisted state once per page load, after hydration, and keeps the guest id in step. */
export function PersistedStateKeeper() {
  const guestId = useRouteLoaderData<typeof rootLoader>("root")?.guestId ?? null;
  useEffect(() => keepGuestId(guestId), [guestId]);
  useEffect(() => {
    // Marks the document once restore is done, for people debugging and for the browser tests (like data-hydrated).
    void restorePersistedState().then(() => document.documentElement.setAttribute("data-state-restored", ""));
  }, []);
  return null;
}
