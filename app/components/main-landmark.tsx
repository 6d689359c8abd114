import { createContext, type HTMLAttributes, useContext } from "react";

/** True inside the desktop shell's copy of the home page under a route dialog (app/components/shell/home-underlay.tsx). */
const InUnderlay = createContext(false);
export const UnderlayProvider = InUnderlay.Provider;

/**
 * A page's `<main id="main">`, where the skip link lands (tabIndex -1 lets the link move focus there). The home's
 * copy under a dialog is a plain block with no id: the dialog's page is the document's one main landmark and its
 * `#main` the only one.
 */
export function MainLandmark(props: Omit<HTMLAttributes<HTMLElement>, "id" | "tabIndex"> & { "data-testid"?: string }) {
  return useContext(InUnderlay) ? <div {...props} /> : <main id="main" tabIndex={-1} {...props} />;
}
