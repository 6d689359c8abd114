// The compiled catalogues as committed (commerce/i18n/compiled/<language>.json), for what runs outside the Worker:
// scripts and tests, which read them from disk where the Worker reads them from its static assets (decision 081).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalogue } from "../../commerce/i18n/catalogue";
import { holdCatalogue } from "../../commerce/i18n/translators";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES } from "../../commerce/languages";

const ROOT = join(import.meta.dirname, "../..");

/** One language's compiled catalogue. */
export const compiledCatalogue = (language: InterfaceLanguage): Catalogue =>
  JSON.parse(readFileSync(join(ROOT, "commerce/i18n/compiled", `${language}.json`), "utf8")) as Catalogue;

/** Gives commerce/i18n/translators.ts every language's catalogue, as the Worker does on its first request. */
export function holdCompiledCatalogues(): void {
  const languages: InterfaceLanguage[] = [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE];
  for (const language of languages) holdCatalogue(language, compiledCatalogue(language));
}
