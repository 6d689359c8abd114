import { useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { withMessages } from "../../i18n/with-messages";
import { DRAWER_HASH, type DrawerState, takeDrawerOpener } from "./open-options-drawer";

// A .client module: the drawer only ever opens in the browser, so Headless UI and valtio stay out of the Worker.
const OptionsDrawer = lazy(() => import("./options-drawer.client").then(withMessages));

/** Shows the drawer while the hash says so; closing goes back in history, which removes the hash. */
export function OptionsDrawerHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const slug = location.hash === DRAWER_HASH ? (location.state as DrawerState | null)?.drawerProduct : undefined;

  // A reloaded or shared URL keeps the hash but not the product: drop the hash instead of an empty drawer.
  useEffect(() => {
    if (location.hash === DRAWER_HASH && !slug)
      navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
  }, [location.hash, location.pathname, location.search, slug, navigate]);

  // Escape, a click outside and a completed add can all ask to close; only the first goes back.
  const closing = useRef(false);
  useEffect(() => {
    if (slug) closing.current = false;
  }, [slug]);
  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    navigate(-1);
  }, [navigate]);

  // Closed: focus goes back to the button that opened it, after the drawer's own focus handling has finished.
  useEffect(() => {
    if (slug) return;
    const element = takeDrawerOpener();
    if (element?.isConnected) requestAnimationFrame(() => element.focus({ preventScroll: true }));
  }, [slug]);

  if (!slug) return null;
  return (
    <Suspense fallback={null}>
      <OptionsDrawer slug={slug} onClose={close} />
    </Suspense>
  );
}
