import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES } from "../../commerce/languages";

export const CATALOGUE_CHUNKS_MODULE = "virtual:catalogue-chunks";
const RESOLVED = `\0${CATALOGUE_CHUNKS_MODULE}`;
const LANGUAGES: InterfaceLanguage[] = [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE];
const CHUNK = /^i18n-(.+)-[\w-]{8}\.js$/;

/**
 * Each language's compiled catalogue (commerce/i18n/compiled/<language>.js) as a chunk of the browser's build of its own
 * (`assets/i18n-<language>-<hash>.js`) that nothing imports, and its address for the server's build
 * (`virtual:catalogue-chunks`): the root names the page's own in a `modulepreload` link, which the browser fetches
 * beside the page's other modules and entry.client.tsx imports before hydrating (decision 077). So a page loads only
 * its own language's messages, without a map of every language in its initial JavaScript and without waiting for the
 * entry to ask. The browser's build runs first (Remix's vite:build), so its chunks are on disk when the server's reads
 * them; a language with no chunk stops the build.
 */
export function catalogueChunks(root: string, clientAssets: string): Plugin {
  let ssr = false;
  return {
    name: "catalogue-chunks",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      if (ssr) return;
      for (const language of LANGUAGES)
        this.emitFile({ type: "chunk", id: resolve(root, `commerce/i18n/compiled/${language}.js`), name: `i18n-${language}` });
    },
    resolveId(id) {
      return id === CATALOGUE_CHUNKS_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const found = new Map<string, string>();
      for (const file of readdirSync(clientAssets)) {
        const language = CHUNK.exec(file)?.[1];
        if (language && (LANGUAGES as string[]).includes(language)) found.set(language, `/assets/${file}`);
      }
      const missing = LANGUAGES.filter((language) => !found.has(language));
      if (missing.length > 0) throw new Error(`no catalogue chunk in ${clientAssets} for ${missing.join(", ")}: build the browser's first`);
      return `export default ${JSON.stringify(Object.fromEntries(found))};`;
    },
  };
}
