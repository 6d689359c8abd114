import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback } from "react";

/** Spec section 2: the drawer's open state lives in the URL hash. */
export const DRAWER_HASH = "#product-options-drawer";

/** The history entry of an open drawer names its product. */
export interface DrawerState {
  drawerProduct?: string;
}

/** What had focus when the drawer opened (a card's button), to have it again when the drawer closes (WCAG 2.4.3). */
let opener: HTMLElement | null = null;

/** The element that opened the drawer, once: the host asks when the drawer has closed. */
export function takeDrawerOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}

/** Opens the options drawer for a product: a history entry with the hash, the product named in its state. */
export function useOpenOptionsDrawer() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (slug: string) => {
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return navigate(`${location.pathname}${location.search}${DRAWER_HASH}`, {
        state: { drawerProduct: slug } satisfies DrawerState,
        preventScrollReset: true,
      });
    },
    [navigate, location.pathname, location.search],
  );
}
