import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEarlyEvents } from "./lib/early-events";

const releaseEarlyEvents = holdEarlyEvents();

/** Renders nothing; its layout effect runs in the root's first commit, when React's handlers are live. */
function Hydrated() {
  useLayoutEffect(releaseEarlyEvents, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
      <Hydrated />
    </StrictMode>,
  );
});
