import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LOCATION_PATH } from "../../lib/location";
import { openLocationDrawer } from "./open-location-drawer";

/**
 * 'Change Location': a link to the /location page of forms, which with JavaScript opens the location drawer instead
 * (the same choices, without leaving the page).
 */
export function ChangeLocationLink({ className, children, testId }: { className?: string; children: ReactNode; testId?: string }) {
  return (
    <Link
      to={LOCATION_PATH}
      className={className}
      data-testid={testId}
      onClick={(event) => {
        // Opened in a new tab or window, the link is a link.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openLocationDrawer(event.currentTarget);
      }}
    >
      {children}
    </Link>
  );
}
