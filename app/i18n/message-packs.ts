import type { Said } from "../../commerce/i18n/said";
import type { InterfaceLanguage } from "../../commerce/languages";
import type { PageMessages } from "./page-messages";

/** What the browser's build records of the message ids its chunks name (scripts/vite/message-packs.ts, decision 081). */
export interface MessagePacks {
  /** A chunk's address (`/assets/cart._index-AbC.js`) → the ids it names, for those that name any. */
  chunks: Record<string, string[]>;
  /** The chunks of the shell's parts the root loads after the page, with what they import: every page carries theirs. */
  shell: string[];
}

/**
 * Each message id's name in the browser: its place among the catalogue's ids (as compiled, sorted) in base 36
 * (`"cart.title"` → `"4f"`). The browser's build writes these in its code and packs in place of the ids, and the server
 * keys each page's messages by them, so neither the code nor the page carries the long names (decision 081).
 */
export function browserIdsOf(catalogue: Record<string, unknown>): Map<string, string> {
  return new Map(Object.keys(catalogue).map((id, index) => [id, index.toString(36)]));
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
}

/**
 * A page's chunks that name messages, and the ids they name (sorted, once each): the entry's and each matched route's
 * module with its imports, the list Remix preloads, and the shell's parts loaded after the page. The server puts these messages in the page
 * (page-messages.server.ts); the benchmark counts them (scripts/bench/sizes.ts).
 */
export function pageChunksOf(record: MessagePacks, manifest: Manifest, routes: readonly string[]): { chunks: string[]; ids: string[] } {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, ...record.shell]);
  for (const id of routes) {
    const route = manifest.routes[id];
    if (route) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  const chunks = [...files].filter((file) => record.chunks[file]);
  return { chunks, ids: [...new Set(chunks.flatMap((file) => record.chunks[file]!))].sort() };
}

/**
 * What a page carries of its messages (decision 081): those its chunks name (`pageChunksOf`) in its language, each
 * keyed by its name in the browser's code (`browserIdsOf`), and the hashes of the chunks they cover. The server writes
 * it in the page (page-messages.server.ts); the benchmark weighs it (scripts/bench/sizes.ts).
 */
export function pageMessagesOf(
  record: MessagePacks,
  manifest: Manifest,
  routes: readonly string[],
  language: InterfaceLanguage,
  catalogue: Record<string, Said>,
  browserIds: Map<string, string>,
): PageMessages {
  const { chunks, ids } = pageChunksOf(record, manifest, routes);
  return { language, chunks: chunks.map(packOf), messages: Object.fromEntries(ids.map((id) => [browserIds.get(id)!, catalogue[id]!])) };
}

/** Rollup's default hash length, which the browser's chunk names end with. */
export const PACK_NAME_LENGTH = 8;

/**
 * A chunk's pack name: the hash that ends its file's name (`/assets/cart._index-D08FZojs.js`, or its URL, →
 * `D08FZojs`), as short as a name can be in the page that lists its chunks (the build checks every name has one).
 */
export const packOf = (chunk: string): string => chunk.slice(-PACK_NAME_LENGTH - ".js".length, -".js".length);

/** Where a chunk's messages in a language are, beside it (its path or URL): `/assets/i18n/de/D08FZojs.json`. */
export const packAddress = (chunk: string, language: string): string =>
  `${chunk.slice(0, chunk.lastIndexOf("/") + 1)}i18n/${language}/${packOf(chunk)}.json`;
