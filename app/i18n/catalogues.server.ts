import { type InterfaceLanguage, SOURCE_LANGUAGE, shippedLanguageOf } from "../../commerce/languages";
import { type Catalogue, type Translate, translator } from "./catalogue";
import ar from "./compiled/ar.js";
import de from "./compiled/de.js";
import en from "./compiled/en.js";
import pseudo from "./compiled/en-XA.js";
import hi from "./compiled/hi.js";

// The server renders any page in any language, so it holds every catalogue; the browser fetches only its page's
// (app/i18n/load-catalogue.client.ts).
const CATALOGUES: Record<InterfaceLanguage, Catalogue> = { en, de, hi, ar, "en-XA": pseudo };

const TRANSLATORS = new Map<InterfaceLanguage, Translate>();

/** A language's messages as the pages call them, made once per isolate. */
export function translatorOf(language: InterfaceLanguage): Translate {
  let t = TRANSLATORS.get(language);
  if (!t) {
    t = translator(CATALOGUES[language] ?? CATALOGUES[shippedLanguageOf(language) ?? SOURCE_LANGUAGE]);
    TRANSLATORS.set(language, t);
  }
  return t;
}
