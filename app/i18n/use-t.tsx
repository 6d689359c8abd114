import { createContext, useContext } from "react";
import type { Translate } from "../../commerce/i18n/catalogue";

// The page's messages, given by entry.server.tsx and entry.client.tsx around the whole app, in the language the page's
// address names (decision 078). Kept to a function: every page's initial JavaScript carries this (decision 072). With
// no provider (never, outside a test rendering a part alone) a message shows as its id.
const I18nContext = createContext<Translate>(((id: string) => id) as Translate);

export const I18nProvider = I18nContext.Provider;

/** The page's messages: `const t = useT(); t("shell.skip_to_main")`. */
export const useT = (): Translate => useContext(I18nContext);
