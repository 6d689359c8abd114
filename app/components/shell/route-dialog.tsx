import { useLocation, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * A non-home route on desktop: a centred modal dialog above the home page (spec section 2). It is the
 * browser's own <dialog>, so focus stays inside, Escape closes it and the page beneath is inert, with no
 * script to download. Closing goes back in history, to where the shopper came from.
 */
export function RouteDialog({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = pathname.startsWith("/page/");

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    document.documentElement.classList.add("overflow-hidden");
    return () => document.documentElement.classList.remove("overflow-hidden");
  }, []);

  // Each route starts at its top, and the dialog is named by the page's heading.
  useEffect(() => {
    const element = dialog.current;
    if (!element || !pathname) return;
    element.scrollTop = 0;
    const heading = element.querySelector("h1");
    if (heading) {
      heading.id ||= "route-dialog-title";
      element.setAttribute("aria-labelledby", heading.id);
    }
  }, [pathname]);

  const close = () => navigate(-1);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard's way is Escape (onCancel)
    <dialog
      ref={dialog}
      data-testid="route-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => event.target === dialog.current && close()}
      className={`route-dialog ${wide ? "w-[80vw] max-w-[80vw]" : "w-full max-w-[480px]"}`}
    >
      <div className="sticky top-0 z-10 flex justify-end bg-white/90 p-2 backdrop-blur">
        <button type="button" onClick={close} className="btn px-3 text-xl leading-none" aria-label="Close" data-testid="dialog-close">
          ×
        </button>
      </div>
      <div className="-mt-12">{children}</div>
    </dialog>
  );
}
