import { RemixBrowser } from "@remix-run/react";
import { startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { browserTranslate, followNavigations, packsLoaded } from "./i18n/page-messages.client";
import { I18nProvider } from "./i18n/use-t";
import { holdEarlyEvents } from "./lib/early-events";

const releaseEarlyEvents = holdEarlyEvents();

/** Renders nothing; its layout effect runs in the root's first commit, when React's handlers are live. */
function Hydrated() {
  useLayoutEffect(() => {
    releaseEarlyEvents();
    followNavigations();
  }, []);
  return null;
}

// Remix imports this entry after the page's route modules ran; the page's HTML holds their messages (decision 081), so
// this waits only if a chunk outside the page's own asked for its pack first.
packsLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      // No StrictMode: it checks nothing in a production build, and every page's initial JavaScript has this file.
      <I18nProvider value={browserTranslate}>
        <RemixBrowser />
        <Hydrated />
      </I18nProvider>,
    );
  }),
);
