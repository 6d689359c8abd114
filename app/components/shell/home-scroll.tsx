import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect } from "react";
import { isDesktop } from "../../lib/use-desktop";

/** Spec section 3: a separate local key stores the home scroll position. */
const HOME_SCROLL_KEY = "storefront:home-scroll";

/**
 * Saves the home page's scroll position on desktop and restores it when the shopper comes back to a
 * home page that opened at the top (a reload, or back from another site). Within the app, history
 * restoration already returns to the position (see the root's ScrollRestoration key).
 */
export function HomeScrollKeeper() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (pathname !== "/" || !isDesktop()) return;
    const saved = Number(localStorage.getItem(HOME_SCROLL_KEY));
    if (navigationType === "POP" && window.scrollY === 0 && saved > 0) requestAnimationFrame(() => window.scrollTo(0, saved));
    // The last position the shopper scrolled to; read at leaving time, window.scrollY may already reflect
    // the next page's layout.
    let last = window.scrollY;
    let frame = 0;
    const store = () => localStorage.setItem(HOME_SCROLL_KEY, String(Math.round(last)));
    const save = () => {
      last = window.scrollY;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(store);
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", save);
      store();
    };
  }, [pathname, navigationType]);
  return null;
}
