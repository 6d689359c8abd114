import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Plugin } from "vite";
import { browserIdsOf, type MessagePacks, PACK_NAME_LENGTH, packOf } from "../../app/i18n/message-packs";
import { cataloguePath } from "../../commerce/i18n/catalogue";
import type { Said } from "../../commerce/i18n/said";
import { type InterfaceLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from "../../commerce/languages";
import { COMPILED_DIR } from "../i18n/compile-catalogues";

/** The server's build reads this: which message ids each browser chunk names. */
export const MESSAGE_PACKS_MODULE = "virtual:message-packs";
/**
 * What a chunk calls with its address as it runs (app/i18n/page-messages.client.ts sets it). Every chunk that names
 * messages imports React's chunk, where that module is, so only the page's first chunks can run before it is set, and
 * their messages are in the page already.
 */
export const PACK_LOADER = "__messagePack";
const LANGUAGES: InterfaceLanguage[] = [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE];

/**
 * A chunk's messages go with it (decision 081). Each chunk of the browser's build, as Rollup renders it (so only code
 * that survived tree-shaking counts), is read for the message ids it names as literals (`t("cart.title")`), each
 * written there by its short name instead (`t("4f")`, `browserIdsOf`); one that names any begins by asking for its pack (`self.__messagePack?.(import.meta.url)`), and its pack, those
 * messages in each language, is written beside it (`assets/i18n/<language>/<chunk>.json`). The server's build learns
 * which chunks name which ids, so each page carries the messages of its first chunks in its HTML, and only a chunk
 * loaded later (a client-side navigation's route, a drawer) fetches its pack. Each language's whole catalogue is written
 * too (`assets/i18n/<language>.json`), for the Worker to read at run time rather than hold in its script.
 */
export function messagePacks(root: string, { notShell }: { notShell?: RegExp } = {}): Plugin {
  const record = resolve(root, "build/message-packs.json");
  let ssr = false;
  const catalogues = new Map<InterfaceLanguage, Record<string, Said>>();
  let browserIds = new Map<string, string>();
  /** Each rendered chunk → the ids it names. */
  const named = new Map<string, string[]>();
  return {
    name: "message-packs",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      named.clear();
      for (const language of LANGUAGES) {
        const file = join(root, COMPILED_DIR, `${language}.json`);
        this.addWatchFile(file);
        catalogues.set(language, JSON.parse(readFileSync(file, "utf8")) as Record<string, Said>);
      }
      browserIds = browserIdsOf(catalogues.get(SOURCE_LANGUAGE)!);
    },
    resolveId(id) {
      return id === MESSAGE_PACKS_MODULE ? `\0${id}` : null;
    },
    load(id) {
      // The browser's build runs first (Remix's vite:build), so its record is on disk.
      return id === `\0${MESSAGE_PACKS_MODULE}` ? `export default ${readFileSync(record, "utf8")};` : null;
    },
    renderChunk(code, chunk) {
      if (ssr) return null;
      const found = new Set<string>();
      // Each id written as a literal becomes its short name; what is not an id is left as it is. An area's name may
      // have a hyphen (`agent-links.json`).
      const renamed = code.replace(/(["'`])([a-z][a-z0-9_-]*\.[a-z0-9_]+)\1/g, (literal, quote: string, id: string) => {
        const short = browserIds.get(id);
        if (short === undefined) return literal;
        found.add(id);
        return `${quote}${short}${quote}`;
      });
      if (found.size === 0) return null;
      named.set(chunk.fileName, [...found].sort());
      return { code: `self.${PACK_LOADER}?.(import.meta.url);${renamed}`, map: null };
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === "chunk");
      const found: MessagePacks = { chunks: {}, shell: [] };
      // Every chunk has its pack, empty if it names no message: a navigation asks for its routes' packs by the
      // manifest's lists of their chunks, before they run (app/i18n/page-messages.client.ts).
      for (const chunk of chunks) {
        const ids = named.get(chunk.preliminaryFileName) ?? named.get(chunk.fileName) ?? [];
        if (ids.length > 0) found.chunks[`/${chunk.fileName}`] = ids;
        if (!new RegExp(`-[\\w-]{${PACK_NAME_LENGTH}}\\.js$`).test(chunk.fileName))
          this.error(`${chunk.fileName}: a chunk's name must end with its hash, its pack's name`);
        const name = packOf(chunk.fileName);
        const dir = chunk.fileName.slice(0, chunk.fileName.lastIndexOf("/") + 1);
        for (const [language, catalogue] of catalogues) {
          const pack = Object.fromEntries(ids.map((id) => [browserIds.get(id)!, catalogue[id]]));
          this.emitFile({ type: "asset", fileName: `${dir}i18n/${language}/${name}.json`, source: JSON.stringify(pack) });
        }
      }
      // The shell's parts the root loads after the page (the offline view, toasts, the tab bar, the footer), with what
      // they import: every page carries their messages, so the shell speaks offline and at once.
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const root = chunks.find((chunk) => /\/app\/root\.tsx($|\?)/.test(chunk.facadeModuleId ?? ""));
      const shell = new Set<string>();
      const visit = (file: string) => {
        if (shell.has(file)) return;
        shell.add(file);
        for (const imported of byName.get(file)?.imports ?? []) visit(imported);
      };
      for (const file of root?.dynamicImports ?? []) if (!notShell?.test(byName.get(file)?.facadeModuleId ?? "")) visit(file);
      found.shell = [...shell].map((file) => `/${file}`).filter((file) => found.chunks[file]);
      for (const [language, catalogue] of catalogues)
        this.emitFile({ type: "asset", fileName: cataloguePath(language).slice(1), source: JSON.stringify(catalogue) });
      mkdirSync(dirname(record), { recursive: true });
      writeFileSync(record, JSON.stringify(found));
    },
  };
}
