/**
 * npm run bench [BENCH_SECONDS=10]
 *
 * Builds, measures bundle sizes, then load-tests the production build under `wrangler dev` with throwaway state.
 * Prints a table and writes bench-results/latest.json. What the figures mean: docs/benchmark.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { type LoadResult, measure, type Target } from "./bench/load";
import { type DevServer, startDevServer, step } from "./bench/server";
import { initialJs, type RouteChain, workerBundleSize } from "./bench/sizes";

/** Pages whose initial JS is reported: the Remix route ids matched for that URL, root first. */
const ROUTES: RouteChain[] = [
  { label: "/", chain: ["root", "routes/_index"] },
  { label: "404 (unknown path)", chain: ["root", "routes/$"] },
];

/** Load targets, run in order. The first is the floor every other target is compared against. */
const TARGETS: Target[] = [
  { name: "floor", method: "GET", path: "/healthz" },
  { name: "home", method: "GET", path: "/" },
  { name: "get-data", method: "GET", path: "/api/get-data" },
];

const PORT = 8790; // not 8787, so a developer's own `wrangler dev` can keep running
const HOST = "food.localhost"; // tenant resolution is by Host; food is the demo store with the fullest catalogue
const STORES = ["stores/food.json", "stores/retail.json", "stores/new.json"];
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

function printTable(results: (LoadResult & { p50VsFloor: number; rpsVsFloor: number })[]): void {
  const header = ["target", "path", "req/s", "p50 ms", "p99 ms", "non-2xx", "CPU ms/req", "p50 ×floor", "req/s ×floor"];
  const rows = results.map((r) => [
    r.name,
    `${r.method} ${r.path}`,
    r.requestsPerSec.toFixed(0),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.non2xx + r.errors),
    r.cpuMsPerReq.toFixed(2),
    r.p50VsFloor.toFixed(2),
    r.rpsVsFloor.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log([line(header), ...rows.map(line)].join("\n"));
}

async function main(): Promise<void> {
  if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);
  step("npm run build", "npm", ["run", "build"]);
  step("wrangler deploy --dry-run", "node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", "dist-worker"]);
  const worker = workerBundleSize();
  const routes = initialJs(ROUTES);

  let server: DevServer | undefined;
  // wrangler is in its own process group, so Ctrl-C does not reach it: forward it, or workerd keeps port 8790.
  const onExit = () => server?.killNow();
  process.on("exit", onExit);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

  const loads: LoadResult[] = [];
  try {
    server = await startDevServer(PORT, STORES);
    await server.ready();
    for (const target of TARGETS) {
      process.stderr.write(`› load ${target.method} ${target.path} for ${SECONDS} s\n`);
      loads.push(
        await measure(target, {
          baseUrl: server.baseUrl,
          headers: { Host: HOST },
          seconds: SECONDS,
          connections: CONNECTIONS,
          serverPid: server.pid,
        }),
      );
    }
  } finally {
    await server?.stop();
    process.off("exit", onExit);
  }

  const floor = loads[0]!;
  const results = loads.map((r) => ({ ...r, p50VsFloor: r.p50Ms / floor.p50Ms, rpsVsFloor: r.requestsPerSec / floor.requestsPerSec }));

  console.log(`\nWorker bundle (dist-worker/index.js): ${kib(worker.gzipBytes)} gzip, ${kib(worker.rawBytes)} raw`);
  for (const r of routes)
    console.log(`Initial JS ${r.label} [${r.chain.join(" + ")}]: ${kib(r.gzipBytes)} gzip in ${r.files.length} files`);
  console.log(`\nLoad: ${SECONDS} s per target, ${CONNECTIONS} connections, Host: ${HOST}, ${server?.baseUrl}\n`);
  printTable(results);

  const report = {
    timestamp: new Date().toISOString(),
    node: process.version,
    commit: git("rev-parse", "--short", "HEAD"),
    dirty: git("status", "--porcelain") !== "", // the figures may come from uncommitted changes
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
    host: HOST,
    workerBundle: worker,
    initialJs: routes,
    targets: results,
  };
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("\nWrote bench-results/latest.json");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
