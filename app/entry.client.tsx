import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { InterfaceLanguage } from "../commerce/languages";
import { loadCatalogue } from "./i18n/load-catalogue.client";
import { I18nProvider } from "./i18n/use-t";
import { holdEarlyEvents } from "./lib/early-events";

const releaseEarlyEvents = holdEarlyEvents();

/** Renders nothing; its layout effect runs in the root's first commit, when React's handlers are live. */
function Hydrated() {
  useLayoutEffect(releaseEarlyEvents, []);
  return null;
}

// The messages the server rendered with (root.tsx writes their language on <html>), before the first render.
const language = (document.documentElement.dataset.messages ?? "en") as InterfaceLanguage;
loadCatalogue(language).then((catalogue) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider language={language} catalogue={catalogue}>
          <RemixBrowser />
          <Hydrated />
        </I18nProvider>
      </StrictMode>,
    );
  }),
);
