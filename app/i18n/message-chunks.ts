/** What the browser's build records of its message areas (scripts/vite/message-areas.ts, `build/message-areas.json`). */
export interface MessageAreas {
  /** A chunk's address → the areas its modules load. */
  chunks: Record<string, string[]>;
  /** A language → an area → its chunk's address and the chunks that one imports (the plural rules, the runtime). */
  files: Record<string, Record<string, string[]>>;
}

/**
 * The chunks of the message areas that a page's modules load, in one language (decision 080): the areas named by any
 * of `files` (the entry's and the matched routes' modules with their imports), each area's chunk and what it imports.
 * The server preloads them (message-preloads.server.ts); the benchmark counts them (scripts/bench/sizes.ts).
 */
export function messageChunksOf(record: MessageAreas, files: readonly string[], language: string): string[] {
  const areas = new Set(files.flatMap((file) => record.chunks[file] ?? []));
  const chunks = record.files[language] ?? {};
  return [...new Set([...areas].sort().flatMap((area) => chunks[area] ?? []))];
}
