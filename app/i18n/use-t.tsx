import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { InterfaceLanguage } from "../../commerce/languages";
import { type Catalogue, type Translate, translator } from "./catalogue";

interface I18n {
  language: InterfaceLanguage;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

/** The page's language and its catalogue, given by entry.server.tsx and entry.client.tsx around the whole app. */
export function I18nProvider({
  language,
  catalogue,
  children,
}: {
  language: InterfaceLanguage;
  catalogue: Catalogue;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ language, t: translator(catalogue) }), [language, catalogue]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT outside I18nProvider: the entries give every page its language");
  return i18n;
}

/** The page's messages: `const t = useT(); t("shell.skip_to_main")`. */
export const useT = (): Translate => useI18n().t;

/** The language the page's interface speaks (its <html lang> when the store writes in it too). */
export const useInterfaceLanguage = (): InterfaceLanguage => useI18n().language;
