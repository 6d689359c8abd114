import { useLocation, useNavigate } from "@remix-run/react";
import { type RefObject, useEffect } from "react";
import { useT } from "../../i18n/use-t";
import { DRAWER_HASH } from "../product/open-options-drawer";
import { DeepLinkHome } from "./deep-link-home";
import { useReturnFocus } from "./return-focus";

/**
 * What makes the route frame (./route-frame.tsx) a dialog: its close button, focus, Escape, the page scroll held
 * still, and the home put beneath a deep link in history. Escape and the close button go back in history, to where
 * the shopper came from; the page beneath is made inert by the shell, so focus stays in the dialog.
 *
 * It is not the browser's modal <dialog>: that puts the page in the top layer, above everything else, and
 * the options drawer (opened from a product card in this dialog) must be able to rise above it.
 * Loaded lazily: phones and pages without JavaScript never need it.
 */
export default function RouteDialogControls({ panel }: { panel: RefObject<HTMLDivElement> }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
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
    // The frame stays in place when the dialog closes: it must not keep naming a heading.
    return () => {
      element.removeAttribute("aria-labelledby");
    };
  }, [pathname, panel]);

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
    <div className="sticky top-0 z-10 flex justify-end p-2">
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="btn bg-white/90 px-3 text-xl leading-none shadow-sm"
        aria-label={t("common.close")}
        data-testid="dialog-close"
      >
        ×
      </button>
      <DeepLinkHome />
    </div>
  );
}
