import { type InterfaceLanguage, SOURCE_LANGUAGE, shippedLanguageOf } from "../languages";
import { type Catalogue, type Translate, translator } from "./catalogue";
import type { MessageId } from "./compiled/message-ids";

// The catalogues the server holds, each given once per isolate by whoever read it (worker/i18n/catalogues.ts from the
// Worker's static assets; a script or test from commerce/i18n/compiled/), not bundled in the Worker's script
// (decision 081). Every request waits for them before anything reads them, so `translatorOf` stays synchronous.
const CATALOGUES = new Map<InterfaceLanguage, Catalogue>();
const TRANSLATORS = new Map<InterfaceLanguage, Translate>();

/** Gives the server a language's catalogue, as compiled; its translator is made on first use. */
export function holdCatalogue(language: InterfaceLanguage, catalogue: Catalogue): void {
  CATALOGUES.set(language, catalogue);
  TRANSLATORS.delete(language);
}

/** Whether a language's catalogue has been given. */
export const holdsCatalogue = (language: InterfaceLanguage): boolean => CATALOGUES.has(language);

/** A language's catalogue as held (a page's messages are picked from it: app/i18n/page-messages.server.ts). */
export function catalogueOf(language: InterfaceLanguage): Catalogue {
  const catalogue = CATALOGUES.get(language) ?? CATALOGUES.get(shippedLanguageOf(language) ?? SOURCE_LANGUAGE);
  // A bug of ours, not a client's: a path that reads words before the request waited for the catalogues.
  if (!catalogue) throw new Error(`the ${language} message catalogue was not loaded before it was read`);
  return catalogue;
}

/** A language's messages as the pages and the API say them, made once per isolate. */
export function translatorOf(language: InterfaceLanguage): Translate {
  let t = TRANSLATORS.get(language);
  if (!t) {
    t = translator(language, catalogueOf(language));
    TRANSLATORS.set(language, t);
  }
  return t;
}

/** Whether a text is a message id (a zod check's message is one: commerce/i18n/message.ts `issueId`). */
export function isMessageId(text: string): text is MessageId {
  return Object.hasOwn(catalogueOf(SOURCE_LANGUAGE), text);
}
