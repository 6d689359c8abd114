import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Translate } from "../../commerce/i18n/catalogue";
import { translatorOf } from "../../commerce/i18n/translators";

/** The page's messages for what a loader or action says (a title, a refusal), in the language its address names. */
export function pageTranslator(context: AppLoadContext): Translate {
  return translatorOf(context.language.messages);
}

/**
 * A refusal's message for the shopper: a page form's own (its schema's messages are message ids) in the page's
 * language; words already said for the shopper (the API's) as they are, since a translator answers what it does not
 * know unchanged.
 */
export function said(t: Translate, message: string): string {
  return (t as unknown as (id: string) => string)(message);
}
