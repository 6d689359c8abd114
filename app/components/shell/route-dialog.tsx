import { useLocation, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { DRAWER_HASH } from "../product/open-options-drawer";
import { DeepLinkHome } from "./deep-link-home";
import { useReturnFocus } from "./return-focus";

/**
 * A non-home route on desktop: a centred modal dialog above the home page (spec section 2); max 480 px
 * wide, 80% of the window for content pages. The page beneath is made inert by the shell, so focus stays
 * here; Escape and the backdrop close it by going back in history, to where the shopper came from.
 *
 * It is not the browser's modal <dialog>: that puts the page in the top layer, above everything else, and
 * the options drawer (opened from a product card in this dialog) must be able to rise above it.
 * Loaded lazily with the home underlay: phones and pages without JavaScript never need either.
 */
export default function RouteDialog({ children }: { children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const wide = pathname.startsWith("/page/");
  const close = () => navigate(-1);
  useReturnFocus(pathname);

  useEffect(() => {
    document.documentElement.classList.add("overflow-hidden");
    return () => document.documentElement.classList.remove("overflow-hidden");
  }, []);

  // Each route starts at its top, takes the focus, and names the dialog by its heading.
  useEffect(() => {
    const element = panel.current;
    if (!element || !pathname) return;
    element.scrollTop = 0;
    const heading = element.querySelector("h1");
    if (heading) {
      heading.id ||= "route-dialog-title";
      element.setAttribute("aria-labelledby", heading.id);
    }
    element.focus({ preventScroll: true });
  }, [pathname]);

  // The drawer above handles its own Escape.
  const drawerOpen = hash === DRAWER_HASH;
  useEffect(() => {
    if (drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        navigate(-1);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen, navigate]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop closes on a click; the keyboard's way is Escape
    <div
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-6"
      onClick={(event) => event.target === event.currentTarget && close()}
      data-testid="route-dialog-backdrop"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        data-testid="route-dialog"
        className={`route-dialog ${wide ? "w-[80vw] max-w-[80vw]" : "w-full max-w-[480px]"}`}
      >
        <div className="sticky top-0 z-10 flex justify-end p-2">
          <button
            type="button"
            onClick={close}
            className="btn bg-white/90 px-3 text-xl leading-none shadow-sm"
            aria-label="Close"
            data-testid="dialog-close"
          >
            ×
          </button>
        </div>
        <div className="-mt-12">{children}</div>
      </div>
      <DeepLinkHome />
    </div>
  );
}
