import { RemixBrowser } from "@remix-run/react";
import { startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type Catalogue, translator } from "../commerce/i18n/catalogue";
import { MESSAGES_MODULE_ID } from "./i18n/messages-module";
import { I18nProvider } from "./i18n/use-t";
import { holdEarlyEvents } from "./lib/early-events";

const releaseEarlyEvents = holdEarlyEvents();

/** Renders nothing; its layout effect runs in the root's first commit, when React's handlers are live. */
function Hydrated() {
  useLayoutEffect(releaseEarlyEvents, []);
  return null;
}

// The messages the server rendered with, before the first render: the root names their chunk in a modulepreload link
// (scripts/vite/catalogue-chunks.ts, decision 077), which the browser has been fetching since the page's head. A page
// whose root failed names none: it stays the server's page, its links and forms working as without JavaScript.
import(/* @vite-ignore */ (document.getElementById(MESSAGES_MODULE_ID) as HTMLLinkElement).href).then(
  ({ default: catalogue }: { default: Catalogue }) =>
    startTransition(() => {
      hydrateRoot(
        document,
        // No StrictMode: it checks nothing in a production build, and every page's initial JavaScript has this file.
        <I18nProvider value={translator(catalogue)}>
          <RemixBrowser />
          <Hydrated />
        </I18nProvider>,
      );
    }),
);
