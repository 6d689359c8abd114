import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback } from "react";

/** Spec section 2: the drawer's open state lives in the URL hash. */
export const DRAWER_HASH = "#product-options-drawer";

/** The history entry of an open drawer names its product. */
export interface DrawerState {
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
