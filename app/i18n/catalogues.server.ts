import { type InterfaceLanguage, SOURCE_LANGUAGE, shippedLanguageOf } from "../../commerce/languages";
import type { Catalogue } from "./catalogue";
import ar from "./compiled/ar.js";
import de from "./compiled/de.js";
import en from "./compiled/en.js";
import pseudo from "./compiled/en-XA.js";
import hi from "./compiled/hi.js";

// The server renders any page in any language, so it holds every catalogue; the browser fetches only its page's
// (app/i18n/load-catalogue.client.ts).
const CATALOGUES: Record<InterfaceLanguage, Catalogue> = { en, de, hi, ar, "en-XA": pseudo };

export function catalogueOf(language: InterfaceLanguage): Catalogue {
  return CATALOGUES[language] ?? CATALOGUES[shippedLanguageOf(language) ?? SOURCE_LANGUAGE];
}
