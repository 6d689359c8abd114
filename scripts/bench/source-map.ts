// The source map of the script `wrangler dev` runs, as a `Locate` for attribution.ts: bundled frame → original file.
// wrangler bundles worker/index.ts with esbuild and writes `.wrangler/tmp/dev-*/index.js` with its map; esbuild follows
// the Remix server build's own map (build/server/**/*.js.map, made when BENCH_SOURCEMAP=1: vite.config.ts), so one
// map leads from the Worker's script to app/**, worker/**, commerce/** and node_modules/**.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import type { CallFrame, Locate, Origin } from "./attribution";

/** The newest `.wrangler/tmp/dev-*\/index.js.map` under `root`: the bundle the running `wrangler dev` serves. */
export function findDevSourceMap(root: string): string {
  const tmp = join(root, ".wrangler", "tmp");
  const maps = readdirSync(tmp)
    .filter((dir) => dir.startsWith("dev-"))
    .map((dir) => join(tmp, dir, "index.js.map"))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (maps.length === 0) throw new Error(`no wrangler dev bundle with a source map under ${tmp}`);
  return maps[0]!;
}

/**
 * Locates frames of the Worker's script (url `index.js` in workerd) through `mapText`, with sources relative to
 * `root` (`app/…`, `node_modules/react-dom/…`). Frames of workerd's own modules (`cloudflare-internal:d1-api`,
 * `node-internal:…`) are their own source; frames with no script (built-ins, GC, `(program)`) have none.
 */
export function mapLocator(mapText: string, mapPath: string, root: string, scriptUrl = "index.js"): Locate {
  const map = new TraceMap(mapText, mapPath);
  const cache = new Map<string, Origin | undefined>();
  return (frame: CallFrame) => {
    if (!frame.url || frame.lineNumber === undefined || frame.lineNumber < 0) return undefined;
    if (frame.url !== scriptUrl)
      return /^[a-z-]+:/.test(frame.url) ? { source: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 } : undefined;
    const key = `${frame.lineNumber}:${frame.columnNumber}`;
    if (cache.has(key)) return cache.get(key);
    const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    let origin: Origin | undefined;
    if (position.source !== null) {
      const source = isAbsolute(position.source) ? relative(root, position.source) : position.source;
      origin = { source, line: position.line, column: position.column, ...(position.name ? { name: position.name } : {}) };
    }
    cache.set(key, origin);
    return origin;
  };
}

/** mapLocator over the map file at `mapPath`. */
export const locatorFromFile = (mapPath: string, root: string) => mapLocator(readFileSync(mapPath, "utf8"), mapPath, root);
