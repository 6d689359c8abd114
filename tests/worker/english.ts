import type { Message } from "../../commerce/i18n/message";
import { say } from "../../commerce/i18n/message";
import { translatorOf } from "../../worker/i18n/translators";

/** The English catalogue, which holds the spec's texts exactly: what the API answers a caller without another language. */
export const en = translatorOf("en");

/** A message as the API answers it in English. */
export const inEnglish = (text: Message): string => say(en, text);
