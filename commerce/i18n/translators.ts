import { type InterfaceLanguage, SOURCE_LANGUAGE, shippedLanguageOf } from "../languages";
import { type Catalogue, type Translate, translator } from "./catalogue";
import ar from "./compiled/ar/index.js";
import de from "./compiled/de/index.js";
import en from "./compiled/en/index.js";
import pseudo from "./compiled/en-XA/index.js";
import hi from "./compiled/hi/index.js";
import type { MessageId } from "./compiled/message-ids";

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
