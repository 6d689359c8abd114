import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { Plugin } from "vite";
import type { MessageAreas } from "../../app/i18n/message-chunks";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from "../../commerce/languages";
import { areasOf, COMPILED_DIR, readCatalogue } from "../i18n/compile-catalogues";

/** The server's build reads this: which areas each browser chunk loads, and each area's chunks per language. */
export const MESSAGE_AREAS_MODULE = "virtual:message-areas";
/** The queue a chunk names its areas on (app/i18n/page-messages.client.ts takes them from it). */
export const AREA_QUEUE = "__messageAreas";
const LANGUAGES: InterfaceLanguage[] = [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE];

/**
 * The browser loads a message area with the code that shows it (decision 080). Each chunk of the browser's build, as
 * Rollup renders it (so only code that survived tree-shaking counts), is read for the message ids it names as literals
 * (`t("cart.title")`), and begins by naming their areas on a queue (`globalThis.__messageAreas.push("cart")`). The
 * page's message loader (app/i18n/page-messages.client.ts) starts importing each named area in the page's language when
 * it is named: the entry waits for them before hydrating, and a route's chunk loaded for a client-side navigation has
 * its areas on the way before the router renders it. Each language's area is a chunk of its own
 * (`assets/i18n-<language>-<area>-<hash>.js`); the server's build learns which chunks name which areas, so a page's
 * head preloads exactly its own and the browser fetches them beside the route's modules, not after them.
 */
export function messageAreas(root: string): Plugin {
  const compiled = resolve(root, COMPILED_DIR);
  const record = resolve(root, "build/message-areas.json");
  let ssr = false;
  let ids = new Set<string>();
  /** Each rendered chunk → the areas it names. */
  const named = new Map<string, string[]>();
  return {
    name: "message-areas",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      const source = readCatalogue(root, SOURCE_LANGUAGE);
      ids = new Set(Object.keys(source));
      named.clear();
      if (ssr) return;
      for (const language of LANGUAGES)
        for (const area of areasOf(source))
          this.emitFile({ type: "chunk", id: join(compiled, language, `${area}.js`), name: `i18n-${language}-${area}` });
    },
    resolveId(id) {
      return id === MESSAGE_AREAS_MODULE ? `\0${id}` : null;
    },
    load(id) {
      // The browser's build runs first (Remix's vite:build), so its record is on disk.
      return id === `\0${MESSAGE_AREAS_MODULE}` ? `export default ${readFileSync(record, "utf8")};` : null;
    },
    renderChunk(code, chunk) {
      if (ssr || chunk.facadeModuleId?.startsWith(compiled + sep)) return null;
      const areas = new Set<string>();
      for (const [, area, key] of code.matchAll(/["'`]([a-z][a-z0-9_]*)\.([a-z0-9_]+)["'`]/g))
        if (ids.has(`${area}.${key}`)) areas.add(area!);
      if (areas.size === 0) return null;
      const sorted = [...areas].sort();
      named.set(chunk.fileName, sorted);
      const queue = `globalThis.${AREA_QUEUE}`;
      return { code: `(${queue}=${queue}||[]).push(${sorted.map((area) => JSON.stringify(area)).join(",")});${code}`, map: null };
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      const found: MessageAreas = { chunks: {}, files: Object.fromEntries(LANGUAGES.map((language) => [language, {}])) };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const areas = named.get(chunk.preliminaryFileName) ?? named.get(chunk.fileName);
        if (areas) found.chunks[`/${chunk.fileName}`] = areas;
        const facade = chunk.facadeModuleId ?? "";
        if (!facade.startsWith(compiled + sep)) continue;
        const [language, area] = facade.slice(compiled.length + 1, -".js".length).split(sep);
        found.files[language!]![area!] = [`/${chunk.fileName}`, ...chunk.imports.map((file) => `/${file}`)];
      }
      // Only the areas some browser chunk names are the browser's (not the API's refusals, nor the messages sent).
      const wanted = new Set(Object.values(found.chunks).flat());
      for (const language of LANGUAGES) {
        const files = found.files[language]!;
        for (const area of Object.keys(files)) if (!wanted.has(area)) delete files[area];
        const missing = [...wanted].filter((area) => !files[area]);
        if (missing.length > 0) this.error(`no chunk for ${language}'s ${missing.join(", ")} messages`);
      }
      mkdirSync(dirname(record), { recursive: true });
      writeFileSync(record, JSON.stringify(found));
    },
  };
}
