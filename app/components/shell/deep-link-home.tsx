import { useEffect } from "react";

/**
 * Spec section 2: a deep link opened directly gets the home page put beneath it in history, so the
 * dialog's close (history back) lands on the home page of this store rather than leaving the site. The
 * router reads its position from `history.state.idx`, so the two entries carry indexes 0 and 1.
 */
export function DeepLinkHome() {
  useEffect(() => {
    const state = window.history.state as { idx?: number; key?: string; usr?: unknown } | null;
    if (window.location.pathname === "/" || (state?.idx ?? 0) !== 0) return;
    const here = window.location.pathname + window.location.search + window.location.hash;
    window.history.replaceState({ usr: null, key: "home", idx: 0 }, "", "/");
    window.history.pushState({ ...state, idx: 1 }, "", here);
  }, []);
  return null;
}
