import { lazy, Suspense, useCallback } from "react";
import { withMessages } from "../../i18n/with-messages";
import { closeLocationDrawer, useLocationDrawerOpen } from "./open-location-drawer";

// A .client module: the drawer only ever opens in the browser, so Headless UI and valtio stay out of the Worker.
const LocationDrawer = lazy(() => import("./location-drawer.client").then(withMessages));

/** The nav's 'Change Location' link, which stands in for an opener the choice has removed (the unserviceable screen's). */
const NAV_LINK = '[data-testid="change-location"]';

/** Shows the location drawer while it is open; closed, focus goes back to what opened it. */
export function LocationDrawerHost() {
  const open = useLocationDrawerOpen();
  const close = useCallback(() => {
    const opener = closeLocationDrawer();
    // After the drawer's own focus handling, and after the page beneath has rendered its new branch.
    requestAnimationFrame(() => {
      const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>(NAV_LINK);
      target?.focus({ preventScroll: true });
    });
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LocationDrawer onClose={close} />
    </Suspense>
  );
}
