import { useSyncExternalStore } from "react";

/** Spec section 9: screens up to 768 px wide are mobile. */
export const DESKTOP_QUERY = "(min-width: 769px)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

export const isDesktop = () => typeof window !== "undefined" && window.matchMedia(DESKTOP_QUERY).matches;

/**
 * Whether the desktop shell (pages in a dialog above the home page) is in use: a desktop-wide window with
 * JavaScript running. The server and the first render say no, so without JavaScript every route is a plain page.
 */
export function useDesktopShell(): boolean {
  return useSyncExternalStore(subscribe, isDesktop, () => false);
}
