import { useNavigate } from "@remix-run/react";
import { type ReactNode, Suspense, useRef } from "react";
import { withMessages } from "../../i18n/with-messages";
import { preloadable } from "../../lib/preloadable";

// The dialog's close button and behaviour: only desktop with JavaScript ever fetches them (decision 008).
const { Component: RouteDialogControls, preload } = preloadable(() => import("./route-dialog").then(withMessages));
export const preloadRouteDialog = preload;

/**
 * Where every route's page renders. On desktop with JavaScript a non-home route is a centred modal dialog above the
 * home page (spec section 2): 480 px wide, 80% of the window for content pages. Otherwise the same elements are
 * `display: contents` and the page sits in the flow.
 *
 * The elements around the page are the same in both forms, so switching to the dialog after hydration only changes
 * their attributes: React keeps the page's DOM, and what the visitor typed or picked before hydration stays
 * (decision 015). Moving the page into another element would mount it afresh, empty.
 */
export function RouteFrame({ dialog, wide, children }: { dialog: boolean; wide: boolean; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop closes on a click; the keyboard's way is Escape
    <div
      className={dialog ? "fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-6" : "contents"}
      onClick={dialog ? (event) => event.target === event.currentTarget && navigate(-1) : undefined}
      data-testid={dialog ? "route-dialog-backdrop" : undefined}
    >
      <div
        ref={panel}
        {...(dialog
          ? {
              role: "dialog",
              "aria-modal": true,
              tabIndex: -1,
              "data-testid": "route-dialog",
              className: `route-dialog ${wide ? "w-[80vw] max-w-[80vw]" : "w-full max-w-[480px]"}`,
            }
          : { className: "contents" })}
      >
        {dialog ? (
          <Suspense fallback={null}>
            <RouteDialogControls panel={panel} />
          </Suspense>
        ) : null}
        <div className={dialog ? "-mt-12" : "contents"}>{children}</div>
      </div>
    </div>
  );
}
