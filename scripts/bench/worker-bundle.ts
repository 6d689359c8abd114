// The Worker as `npm run deploy` uploads it: its size, what it is made of, and how long a fresh isolate takes to answer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { step } from "./server";
import { median } from "./stats";

/** Where the deploy bundle is written, by the bench and by `npm run test:bundle` alike, with esbuild's metafile. */
export const DEPLOY_DIR = "dist-worker/minified";
const METAFILE = join(DEPLOY_DIR, "meta.json");

export interface PackageShare {
  /** An npm package, or a folder of ours (`worker/api`, `build/server`, `commerce/pricing`). */
  name: string;
  minifiedBytes: number;
}

export interface DeployBundle {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** The minified bytes each package or folder of ours adds, largest first (esbuild's metafile `bytesInOutput`). */
  byPackage: PackageShare[];
}

export interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/**
 * The package an input of esbuild's metafile belongs to: its npm package (the innermost, for one nested in another's
 * node_modules), or its first two folders in our tree.
 */
export function packageOf(input: string): string {
  const inModules = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (inModules) return inModules[1]!;
  return input
    .replace(/^(\.\.\/)+/, "")
    .split("/")
    .slice(0, 2)
    .join("/");
}

/** The deploy bundle's metafile, as the last `deployBundle` or `npm run test:bundle` wrote it. */
export function readMetafile(): Metafile {
  return JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile;
}

/** What went into a metafile's one script (its source map is the other output), with the bytes each left in it. */
export function scriptInputs(meta: Metafile): Metafile["outputs"][string]["inputs"] {
  const script = Object.entries(meta.outputs).find(([file]) => file.endsWith(".js"));
  if (!script) throw new Error("the metafile names no .js output");
  return script[1].inputs;
}

/** The minified bytes of a metafile's one script, summed by package, largest first. */
export function bytesByPackage(meta: Metafile): PackageShare[] {
  const sums = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(scriptInputs(meta))) {
    const name = packageOf(input);
    sums.set(name, (sums.get(name) ?? 0) + bytesInOutput);
  }
  return [...sums].map(([name, minifiedBytes]) => ({ name, minifiedBytes })).sort((a, b) => b.minifiedBytes - a.minifiedBytes);
}

/** Bundles as `npm run deploy` does (`wrangler deploy --minify`), without uploading, and measures what it wrote. */
export function deployBundle(gzipBytes: (data: Buffer) => number): DeployBundle {
  step("wrangler deploy --dry-run --minify", "node_modules/.bin/wrangler", [
    "deploy",
    "--dry-run",
    "--minify",
    "--outdir",
    DEPLOY_DIR,
    "--metafile",
    METAFILE,
  ]);
  const file = join(DEPLOY_DIR, "index.js");
  const raw = readFileSync(file);
  const byPackage = bytesByPackage(readMetafile());
  return { file, rawBytes: raw.length, gzipBytes: gzipBytes(raw), byPackage };
}

export interface IsolateStartup {
  runs: number;
  /** Each fresh workerd's time from start to the first answer, with our script and with a one-line script. */
  oursMs: number[];
  emptyMs: number[];
  /** Median of ours less median of the one-line script's: what our script adds to a cold start. */
  scriptMs: number;
}

const EMPTY_SCRIPT = 'export default { fetch() { return new Response("ok"); } };';

interface StartupPlace {
  /** The bench server's `--persist-to` folder: its databases, migrated and with the demo stores, are read as they are. */
  stateDir: string;
  /** What the first request asks (the plain route). */
  url: string;
}

/** Starts a fresh workerd with one script and the deploy's bindings, and times it until its first answer. */
async function firstAnswerMs(module: { path: string } | { contents: string }, { stateDir, url }: StartupPlace): Promise<number> {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const started = performance.now();
  const mf = new Miniflare({
    modules: [{ type: "ESModule", ...("path" in module ? { path: module.path } : { path: "empty.js", contents: module.contents }) }],
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    // The ids wrangler dev keyed the persisted databases by, so the fresh workerd opens the same files.
    d1Databases: Object.fromEntries(config.d1_databases.map((d: { binding: string; database_id?: string }) => [d.binding, d.database_id!])),
    kvNamespaces: Object.fromEntries(config.kv_namespaces.map((k: { binding: string; id?: string }) => [k.binding, k.id!])),
    d1Persist: join(stateDir, "v3", "d1"),
    kvPersist: join(stateDir, "v3", "kv"),
    // The variables a deploy uploads (wrangler.toml's `vars`): the script reads its databases' list from them.
    bindings: config.vars as Record<string, string>,
    // The static assets a deploy uploads beside the script: the Worker reads its message catalogues there (decision 081).
    assets: { directory: "build/client", binding: "ASSETS", routerConfig: { has_user_worker: true } },
  });
  try {
    const response = await mf.dispatchFetch(url);
    await response.arrayBuffer();
    if (!("contents" in module) && response.status !== 200) throw new Error(`the first answer was ${response.status}, not 200`);
    return performance.now() - started;
  } finally {
    await mf.dispose();
  }
}

/**
 * A cold start as the shopper waits for it: a new workerd loads the deploy bundle and answers its first request. The
 * same with a one-line script is subtracted, so what is left is our script's parse, compile and top-level run and its
 * first request's own work. Runs alternate so drift in the machine's load touches both alike.
 */
export async function measureIsolateStartup(bundle: string, place: StartupPlace, runs: number): Promise<IsolateStartup> {
  const oursMs: number[] = [];
  const emptyMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    emptyMs.push(await firstAnswerMs({ contents: EMPTY_SCRIPT }, place));
    oursMs.push(await firstAnswerMs({ path: bundle }, place));
  }
  return { runs, oursMs, emptyMs, scriptMs: median(oursMs) - median(emptyMs) };
}
