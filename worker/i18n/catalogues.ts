import { type Catalogue, cataloguePath } from "../../commerce/i18n/catalogue";
import { holdCatalogue, holdsCatalogue } from "../../commerce/i18n/translators";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES } from "../../commerce/languages";
import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";

const loading = new Map<InterfaceLanguage, Promise<void>>();
/** Whether every catalogue is in, without the pseudo-language and with it. */
const ready = new Set<boolean>();

function load(env: Env, language: InterfaceLanguage): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    // The binding reads the files deployed with this very Worker, so a catalogue and the code naming its ids agree.
    promise = env.ASSETS.fetch(new URL(cataloguePath(language), "https://assets.invalid")).then(async (response) => {
      if (!response.ok) throw new Error(`the ${language} message catalogue answered ${response.status}`);
      holdCatalogue(language, (await response.json()) as Catalogue);
    });
    // A failed read is tried again by the next request rather than remembered.
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/**
 * Every catalogue the server may speak, read once per isolate from the static assets rather than bundled in the
 * Worker's script (decision 081): each shipped language's, and the pseudo-language's with the dev flag. Every request
 * and cron run waits for them before anything reads a message, so the translators stay synchronous; once they are in,
 * this costs nothing.
 */
export function cataloguesReady(env: Env): Promise<void> | undefined {
  const pseudo = devToolsOn(env);
  if (ready.has(pseudo)) return undefined;
  const languages: InterfaceLanguage[] = pseudo ? [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE] : [...SHIPPED_LANGUAGES];
  if (languages.every(holdsCatalogue)) {
    ready.add(pseudo);
    return undefined;
  }
  return Promise.all(languages.map((language) => load(env, language))).then(() => undefined);
}
