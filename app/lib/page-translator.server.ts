import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Translate } from "../../commerce/i18n/catalogue";
import { translatorOf } from "../../commerce/i18n/translators";

/** The page's messages for what a loader or action says (a title, a refusal), in the language its address names. */
export function pageTranslator(context: AppLoadContext): Translate {
  return translatorOf(context.language.messages);
}
