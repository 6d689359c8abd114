import type { Context } from "hono";
import type { Translate } from "../../commerce/i18n/catalogue";
import { translatorOf } from "../../commerce/i18n/translators";
import { interfaceLanguageOf, type ShippedLanguage } from "../../commerce/languages";
import type { Staff } from "../../commerce/store-actor";
import { type TextDirection, textDirection } from "../../commerce/text-direction";
import type { AppEnv } from "../app-env";

/** What every desk page is drawn with: the store's language (the desk speaks the store's own), its name, the member. */
export interface DeskView {
  t: Translate;
  language: ShippedLanguage;
  dir: TextDirection;
  storeName: string;
  staff: Staff | null;
  nonce: string;
}

export function deskViewOf(c: Context<AppEnv>): DeskView {
  const language = interfaceLanguageOf(c.var.tenant.settings.language);
  return {
    t: translatorOf(language),
    language,
    dir: textDirection(language),
    storeName: c.var.tenant.settings.name,
    staff: c.var.staff ?? null,
    nonce: c.var.cspNonce,
  };
}
