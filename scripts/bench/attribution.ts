// Pure helpers: which part of the Worker a CPU profile's busy samples went to (render, remix, data, http, other), by
// the original source file of each sample's stack, and the hottest source functions. The source map that turns a
// bundled frame into its original file is applied by the caller (scripts/bench/source-map.ts) through `locate`.
import { type CpuProfile, isTooling } from "./profile";

export const PARTS = ["render", "remix", "data", "http", "other"] as const;
export type Part = (typeof PARTS)[number];

/** A profile frame as V8 reports it: the function's start, 0-based line and column in its script. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** Where a bundled frame came from: its original file (relative to the repository, `node_modules/…` for packages). */
export interface Origin {
  source: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The original name at that position, when the map has one (minified code renames functions). */
  name?: string;
}

/** The original source of a frame of our Worker's script, or undefined for a frame with none (built-ins, GC). */
export type Locate = (frame: CallFrame) => Origin | undefined;

/** Packages by part; any other package does not decide (the walk goes on to its caller). */
const PACKAGE_PARTS: [RegExp, Part][] = [
  [
    /^(react|react-dom|scheduler|use-sync-external-store|swiper|valtio|proxy-compare|@headlessui\/.*|@react-aria\/.*|@floating-ui\/.*|@tanstack\/.*)$/,
    "render",
  ],
  [
    /^(@remix-run\/.*|react-router|react-router-dom|turbo-stream|cookie|cookie-signature|set-cookie-parser|@web3-storage\/multipart-parser|@mjackson\/.*)$/,
    "remix",
  ],
  [/^(hono|@hono\/.*)$/, "http"],
  [/^(zod|xss|cssfilter)$/, "data"],
  // Wrangler's templates and the Node.js compatibility layer: glue of the local runtime, not a part of the app.
  [/^(wrangler|unenv|@cloudflare\/.*)$/, "other"],
];

/** The package a `node_modules/…` path belongs to (the innermost node_modules), or undefined for our own files. */
export function packageOf(source: string): string | undefined {
  const at = source.lastIndexOf("node_modules/");
  if (at === -1) return undefined;
  const [first, second] = source.slice(at + "node_modules/".length).split("/");
  return first?.startsWith("@") ? `${first}/${second}` : first;
}

/**
 * The part an original source file belongs to, or undefined when it does not decide (a package not listed, a file
 * outside the app). `name` is the function's original name: a route module's `loader` and `action` are data, the
 * rest of the module (its component, meta, links) is render.
 */
export function partOf(source: string, name?: string): Part | undefined {
  const pkg = packageOf(source);
  if (pkg !== undefined) return PACKAGE_PARTS.find(([pattern]) => pattern.test(pkg))?.[1];
  const path = source.replace(/^\.?\//, "");
  if (/^worker\/index\.ts$|^worker\/(http|page-cache)\/|^web\//.test(path)) return "http";
  if (/^worker\/|^commerce\//.test(path)) return "data";
  if (/^app\/lib\/.*\.server\.ts$/.test(path)) return "data";
  if (/^app\/routes\//.test(path) && (name === "loader" || name === "action")) return "data";
  if (/^app\//.test(path)) return "render";
  // The runtime's JavaScript around the D1 binding (workerd's own module, not in our bundle).
  if (/^cloudflare-internal:d1/.test(path)) return "data";
  // Wrangler's generated entry (.wrangler/tmp/…), the runtime's own modules: not ours.
  return undefined;
}

export interface FunctionTime {
  /** The original name when the map has one, else the runtime's (minified) one. */
  name: string;
  /** `file:line` of the function's start in the original source, or the script's url for a frame without a map. */
  where: string;
  part: Part | undefined;
  /** Samples whose leaf frame is this function. */
  selfMs: number;
  /** Samples with this function anywhere in their stack (once per sample, however often it recurs). */
  totalMs: number;
}

export interface FileTime {
  source: string;
  part: Part | undefined;
  selfMs: number;
  totalMs: number;
}

export interface Attribution {
  /** CPU by part, ms, for the whole profile; adds up to its busy samples less wrangler's dev middleware. */
  partMs: Record<Part, number>;
  /** Busy samples attributed (the same samples as partMs). */
  samples: number;
  /** Hottest first (by total, then self). */
  functions: FunctionTime[];
  files: FileTime[];
}

/**
 * Where a frame without an original source is: a built-in (no script), or code the bundler wrote itself (esbuild's
 * and packages' module-interop getters, `get` in `index.js`), which the map does not cover.
 */
const whereUnmapped = (frame: CallFrame) => (frame.url ? `${frame.url} (unmapped: bundler's glue)` : "(built-in)");

const zeroParts = (): Record<Part, number> => ({ render: 0, remix: 0, data: 0, http: 0, other: 0 });

/**
 * Splits a profile's busy samples between the parts. Each sample goes to the part of the innermost frame of its stack
 * (from the leaf up) whose original file decides one: so a built-in with no source (JSON.stringify, a Response
 * method, a regular expression) counts for the code that called it, and a package we do not list (e.g. a small
 * helper) for its caller. A sample with no such frame, `(program)` and `(garbage collector)` among them, is "other".
 * `(idle)` samples are not CPU, and samples whose leaf is wrangler's dev middleware are left out, as the runtime
 * CPU figure leaves them out. Each sample stands for `periodUs` (profile.ts's samplingPeriod).
 */
export function attribute(profile: CpuProfile, locate: Locate, periodUs: number): Attribution {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    if (node.parent !== undefined) parent.set(node.id, node.parent);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const ms = periodUs / 1000;
  const origins = new Map<number, Origin | undefined>();
  const originOf = (id: number) => {
    if (!origins.has(id)) origins.set(id, locate(nodes.get(id)!.callFrame));
    return origins.get(id);
  };
  const functionKey = (id: number) => {
    const origin = originOf(id);
    const frame = nodes.get(id)!.callFrame;
    return origin
      ? `${origin.source}:${origin.line}:${origin.column}`
      : `${frame.functionName}@${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
  };

  const partMs = zeroParts();
  const functions = new Map<string, FunctionTime>();
  const files = new Map<string, FileTime>();
  let samples = 0;
  for (const leaf of profile.samples) {
    const leafFrame = nodes.get(leaf)?.callFrame;
    if (!leafFrame || leafFrame.functionName === "(idle)" || isTooling(leafFrame)) continue;
    samples++;
    let part: Part | undefined;
    const seenFunctions = new Set<string>();
    const seenFiles = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === "(root)") break;
      const origin = originOf(id);
      const framePart = origin && partOf(origin.source, origin.name);
      part ??= framePart;
      const key = functionKey(id);
      let fn = functions.get(key);
      if (!fn) {
        fn = {
          name: origin?.name || frame.functionName || "(anonymous)",
          where: origin ? `${origin.source}:${origin.line}` : whereUnmapped(frame),
          part: origin ? framePart : undefined,
          selfMs: 0,
          totalMs: 0,
        };
        functions.set(key, fn);
      }
      if (id === leaf) fn.selfMs += ms;
      if (!seenFunctions.has(key)) {
        seenFunctions.add(key);
        fn.totalMs += ms;
      }
      const source = origin?.source ?? (frame.url ? whereUnmapped(frame) : `${frame.functionName || "(anonymous)"} (built-in)`);
      let file = files.get(source);
      if (!file) {
        file = { source, part: origin ? framePart : undefined, selfMs: 0, totalMs: 0 };
        files.set(source, file);
      }
      if (id === leaf) file.selfMs += ms;
      if (!seenFiles.has(source)) {
        seenFiles.add(source);
        file.totalMs += ms;
      }
    }
    partMs[part ?? "other"] += ms;
  }
  const hottest = <T extends { selfMs: number; totalMs: number }>(list: Iterable<T>) =>
    [...list].sort((a, b) => b.totalMs - a.totalMs || b.selfMs - a.selfMs);
  return { partMs, samples, functions: hottest(functions.values()), files: hottest(files.values()) };
}

/** The sum of two attributions of the same script (a flow's rounds, each profiled on its own). */
export function addAttributions(a: Attribution, b: Attribution): Attribution {
  const partMs = zeroParts();
  for (const part of PARTS) partMs[part] = a.partMs[part] + b.partMs[part];
  const merge = <T extends { selfMs: number; totalMs: number }>(x: T[], y: T[], key: (t: T) => string) => {
    const all = new Map<string, T>();
    for (const t of [...x, ...y]) {
      const seen = all.get(key(t));
      all.set(key(t), seen ? { ...seen, selfMs: seen.selfMs + t.selfMs, totalMs: seen.totalMs + t.totalMs } : { ...t });
    }
    return [...all.values()].sort((p, q) => q.totalMs - p.totalMs || q.selfMs - p.selfMs);
  };
  return {
    partMs,
    samples: a.samples + b.samples,
    functions: merge(a.functions, b.functions, (f) => `${f.where}|${f.name}`),
    files: merge(a.files, b.files, (f) => f.source),
  };
}

/** An attribution per response, as the bench reports it: ms per request by part, and the hottest functions and files. */
export interface Split {
  msPerReq: Record<Part, number>;
  /** Each part's share of the parts' sum (which is the runtime CPU figure). */
  share: Record<Part, number>;
  /** The hottest functions by self time, with their total (inclusive) time, ms per request. */
  hot: FunctionTime[];
  /** The same by total time: where the callers of the hot spots are. */
  inclusive: FunctionTime[];
  /** Original files by self time, with their total. */
  files: FileTime[];
}

export function perRequest(attribution: Attribution, units: number, top = 30): Split {
  const msPerReq = zeroParts();
  const share = zeroParts();
  const sum = PARTS.reduce((n, part) => n + attribution.partMs[part], 0);
  for (const part of PARTS) {
    msPerReq[part] = attribution.partMs[part] / units;
    share[part] = sum > 0 ? attribution.partMs[part] / sum : 0;
  }
  const scale = <T extends { selfMs: number; totalMs: number }>(t: T): T => ({
    ...t,
    selfMs: t.selfMs / units,
    totalMs: t.totalMs / units,
  });
  return {
    msPerReq,
    share,
    hot: [...attribution.functions]
      .sort((a, b) => b.selfMs - a.selfMs || b.totalMs - a.totalMs)
      .slice(0, top)
      .map(scale),
    inclusive: attribution.functions.slice(0, top).map(scale),
    files: [...attribution.files]
      .sort((a, b) => b.selfMs - a.selfMs || b.totalMs - a.totalMs)
      .slice(0, top)
      .map(scale),
  };
}
