import { LANGUAGE_NAMES, type PageLanguage, type ShippedLanguage, shippedLanguageOf } from "../../commerce/languages";
import type { StoreSettings } from "../../commerce/store-settings";
import { textDirection } from "../../commerce/text-direction";
import type { PageLanguages } from "../route-data";

/** The page's language and the store's versions of every page (decision 078): its own language, then those it offers. */
export function pageLanguages(language: PageLanguage, store: Pick<StoreSettings, "language" | "languages">): PageLanguages {
  const own = shippedLanguageOf(store.language);
  const nameOf = (code: ShippedLanguage | null, tag: string) => (code ? LANGUAGE_NAMES[code] : tag);
  return {
    tag: language.tag,
    dir: textDirection(language.tag),
    messages: language.messages,
    prefix: language.prefix,
    versions: [
      { tag: store.language, prefix: "", name: nameOf(own, store.language) },
      ...store.languages.map((code) => ({ tag: code, prefix: `/${code}`, name: LANGUAGE_NAMES[code] })),
    ],
  };
}
