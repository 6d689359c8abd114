import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { snapshot, subscribe } from "valtio";
import type { RootData } from "../../route-data";
import { restoredPlaces } from "../../state/persisted-shape";
import { keepGuestId, keepRecentPlaces, onRestored, recheckMarkers, restorePersistedState } from "../../state/persisted-state";
import { recentPlaces } from "../../state/recent-places";

/**
 * Restores the browser's persisted state once per page load, after hydration, and keeps it in step: the guest id with
 * the server's, the recent places with the location drawer's store.
 */
export function PersistedStateKeeper() {
  const guestId = useRouteLoaderData<RootData>("root")?.guestId ?? null;
  useEffect(() => keepGuestId(guestId), [guestId]);
  useEffect(() => {
    let unsubscribe = () => {};
    const stopListening = onRestored((state) => {
      recentPlaces.places = restoredPlaces(recentPlaces.places, state.recentPlaces);
      keepRecentPlaces(recentPlaces.places);
      unsubscribe = subscribe(recentPlaces, () => keepRecentPlaces([...snapshot(recentPlaces).places]));
    });
    // Marks the document once restore is done, for people debugging and for the browser tests (like data-hydrated).
    void restorePersistedState().then(() => document.documentElement.setAttribute("data-state-restored", ""));
    // A tab shown again may have sat open while the store changed.
    const recheck = () => {
      if (document.visibilityState === "visible") void recheckMarkers();
    };
    document.addEventListener("visibilitychange", recheck);
    return () => {
      stopListening();
      unsubscribe();
      document.removeEventListener("visibilitychange", recheck);
    };
  }, []);
  return null;
}
