import { type Catalogue, type Translate, translator } from "../../commerce/i18n/catalogue";
import ar from "../../commerce/i18n/compiled/ar.js";
import de from "../../commerce/i18n/compiled/de.js";
import en from "../../commerce/i18n/compiled/en.js";
import pseudo from "../../commerce/i18n/compiled/en-XA.js";
import hi from "../../commerce/i18n/compiled/hi.js";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import { type InterfaceLanguage, SOURCE_LANGUAGE, shippedLanguageOf } from "../../commerce/languages";

// The server renders any page in any language, so it holds every catalogue; the browser fetches only its page's
// (entry.client.tsx).
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

/** Whether a text is a message id (a zod check's message is one: commerce/i18n/message.ts `issueId`). */
export function isMessageId(text: string): text is MessageId {
  return Object.hasOwn(en, text);
}
