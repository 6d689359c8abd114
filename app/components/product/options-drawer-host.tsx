import { useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";

/** Spec section 2: the drawer's open state lives in the URL hash. */
export const DRAWER_HASH = "#product-options-drawer";

const OptionsDrawer = lazy(() => import("./options-drawer"));

interface DrawerState {
  drawerProduct?: string;
}

/** Opens the options drawer for a product: a history entry with the hash, the product named in its state. */
export function useOpenOptionsDrawer() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (slug: string) =>
      navigate(`${location.pathname}${location.search}${DRAWER_HASH}`, {
        state: { drawerProduct: slug } satisfies DrawerState,
        preventScrollReset: true,
      }),
    [navigate, location.pathname, location.search],
  );
}

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
    closing.current = false;
  }, [location.key]);
  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    navigate(-1);
  }, [navigate]);

  if (!slug) return null;
  return (
    <Suspense fallback={null}>
      <OptionsDrawer slug={slug} onClose={close} />
    </Suspense>
  );
}
