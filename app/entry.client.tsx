import { RemixBrowser } from "@remix-run/react";
import { startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageMessagesProvider, pageMessagesOfDocument } from "./i18n/page-messages";
import { areasLoaded, browserTranslate } from "./i18n/page-messages.client";
import { I18nProvider } from "./i18n/use-t";
import { holdEarlyEvents } from "./lib/early-events";

const releaseEarlyEvents = holdEarlyEvents();

/** Renders nothing; its layout effect runs in the root's first commit, when React's handlers are live. */
function Hydrated() {
  useLayoutEffect(releaseEarlyEvents, []);
  return null;
}

// Remix imports this entry after the page's route modules ran, and each asked for the message areas it names
// (decision 080); the head preloaded them, so this waits for chunks already on their way. If one cannot load, the page
// stays the server's: its links and forms work as without JavaScript.
areasLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      // No StrictMode: it checks nothing in a production build, and every page's initial JavaScript has this file.
      <PageMessagesProvider value={pageMessagesOfDocument()}>
        <I18nProvider value={browserTranslate}>
          <RemixBrowser />
          <Hydrated />
        </I18nProvider>
      </PageMessagesProvider>,
    );
  }),
);
