import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { Plugin } from "vite";
import type { MessageAreas } from "../../app/i18n/message-chunks";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from "../../commerce/languages";
import { areasOf, COMPILED_DIR, readCatalogue } from "../i18n/compile-catalogues";

/** The server's build reads this: which areas each browser chunk loads, and each area's chunks per language. */
export const MESSAGE_AREAS_MODULE = "virtual:message-areas";
/** One area's loader in the browser's build: `import "virtual:message-area/cart"`, written in by `transform`. */
const AREA_MODULE = "virtual:message-area/";
const LANGUAGES: InterfaceLanguage[] = [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE];
const SOURCE = /\.(tsx?|jsx?)$/;

/**
 * The browser loads a message area with the code that shows it (decision 080). Every module of the browser's build
 * that names a message id as a literal (`t("cart.title")`) gets an import of that area's loader, a module that starts
 * importing the area's messages in the page's language (`<html data-messages>`) when it is evaluated
 * (app/i18n/page-messages.client.ts): the entry waits for them before hydrating, and a route's module loaded for a
 * client-side navigation has its areas on the way before the router renders it. Each language's area is a chunk of
 * its own (`assets/i18n-<language>-<area>-<hash>.js`); the server's build learns which chunks load which areas, so a
 * page's head preloads exactly its own and the browser fetches them beside the route's modules, not after them.
 */
export function messageAreas(root: string): Plugin {
  const compiled = resolve(root, COMPILED_DIR);
  const record = resolve(root, "build/message-areas.json");
  const loader = resolve(root, "app/i18n/page-messages.client.ts");
  let ssr = false;
  let ids = new Set<string>();
  let areas: string[] = [];
  return {
    name: "message-areas",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      const source = readCatalogue(root, SOURCE_LANGUAGE);
      ids = new Set(Object.keys(source));
      areas = areasOf(source);
      if (ssr) return;
      for (const language of LANGUAGES)
        for (const area of areas)
          this.emitFile({ type: "chunk", id: join(compiled, language, `${area}.js`), name: `i18n-${language}-${area}` });
    },
    resolveId(id) {
      return id === MESSAGE_AREAS_MODULE || id.startsWith(AREA_MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${MESSAGE_AREAS_MODULE}`) {
        // The browser's build runs first (Remix's vite:build), so its record is on disk.
        return `export default ${readFileSync(record, "utf8")};`;
      }
      if (!id.startsWith(`\0${AREA_MODULE}`)) return null;
      const area = id.slice(AREA_MODULE.length + 1);
      return `import { loadArea } from ${JSON.stringify(loader)};\nloadArea(${JSON.stringify(area)});\n`;
    },
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (ssr || id.startsWith("\0") || file.includes(`${sep}node_modules${sep}`) || file.startsWith(compiled) || !SOURCE.test(file))
        return null;
      const areas = new Set<string>();
      for (const [, area, key] of code.matchAll(/["'`]([a-z][a-z0-9_]*)\.([a-z0-9_]+)["'`]/g))
        if (ids.has(`${area}.${key}`)) areas.add(area!);
      if (areas.size === 0) return null;
      const imports = [...areas].sort().map((area) => `import ${JSON.stringify(`${AREA_MODULE}${area}`)};`);
      return { code: `${imports.join("")}${code}`, map: null };
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      const found: MessageAreas = { chunks: {}, files: Object.fromEntries(LANGUAGES.map((language) => [language, {}])) };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const areas = chunk.moduleIds.filter((m) => m.startsWith(`\0${AREA_MODULE}`)).map((m) => m.slice(AREA_MODULE.length + 1));
        if (areas.length > 0) found.chunks[`/${chunk.fileName}`] = areas.sort();
        const facade = chunk.facadeModuleId ?? "";
        if (!facade.startsWith(compiled + sep)) continue;
        const [language, area] = facade.slice(compiled.length + 1, -".js".length).split(sep);
        found.files[language!]![area!] = [`/${chunk.fileName}`, ...chunk.imports.map((file) => `/${file}`)];
      }
      // Only the areas some browser module names are the browser's (not the API's refusals, nor the messages sent).
      const named = new Set(Object.values(found.chunks).flat());
      for (const language of LANGUAGES) {
        const files = found.files[language]!;
        for (const area of Object.keys(files)) if (!named.has(area)) delete files[area];
        const missing = [...named].filter((area) => !files[area]);
        if (missing.length > 0) this.error(`no chunk for ${language}'s ${missing.join(", ")} messages`);
      }
      mkdirSync(dirname(record), { recursive: true });
      writeFileSync(record, JSON.stringify(found));
    },
  };
}
