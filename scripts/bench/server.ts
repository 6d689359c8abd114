// Serves the app through `npm start` (as a person trying the demo does) on its own port and a throwaway state folder,
// and tears the whole tree down.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { liveGroupMembers } from "./proc";

/** Seconds each step() took, by label, for the report. */
export const stepSeconds: Record<string, number> = {};

/**
 * Runs a command quietly; its output is only shown when it fails, so stdout stays a clean report. Returns its stdout.
 * Big inputs (a 100k-product store) make children print and hold more, hence the large maxBuffer.
 */
export function step(label: string, cmd: string, args: string[]): string {
  const started = performance.now();
  process.stderr.write(`› ${label} … `);
  let stdout: string;
  try {
    stdout = execFileSync(cmd, args, { stdio: "pipe", encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    process.stderr.write(`failed\n${e.stdout ?? ""}${e.stderr ?? ""}\n`);
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  stepSeconds[label] = seconds;
  process.stderr.write(`${seconds.toFixed(1)} s\n`);
  return stdout;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface DevServer {
  /** npm's pid, also the process-group id of everything under it (wrangler, workerd). */
  pid: number;
  baseUrl: string;
  /** The throwaway state folder (--persist-to), for tools that write to the same local database. */
  stateDir: string;
  /** Resolves once GET /healthz answers; rejects (with the output's end) if npm start exits or takes over 5 minutes. */
  ready(): Promise<void>;
  /** Synchronous best effort for exit/signal handlers. */
  killNow(): void;
  /** SIGTERM the group, SIGKILL whatever is still running after 5 s, delete the state dir. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `npm start -- --port <port> --persist-to <fresh dir> --import <file>…` (it builds, sets up the database with
 * the demo stores and these, and runs `wrangler dev`); the caller owns the result (call stop()) as soon as this resolves.
 */
export async function startDevServer(port: number, extraStores: string[]): Promise<DevServer> {
  // Otherwise wrangler would fail to bind and the health check would happily measure whatever holds the port.
  if (await portInUse(port)) throw new Error(`Port ${port} is already in use; stop that server first.`);
  const stateDir = mkdtempSync(join(tmpdir(), "storefront-bench-"));
  const started = performance.now();
  process.stderr.write("› npm start … ");
  const child = spawn(
    "npm",
    // BENCH_DB=1: requests may delay their database round trips (scripts/bench/distance.ts); a bench-only switch.
    [
      "start",
      "--",
      "--port",
      String(port),
      "--persist-to",
      stateDir,
      "--var",
      "BENCH_DB=1",
      ...extraStores.flatMap((file) => ["--import", file]),
    ],
    // detached = own process group: killing only npm's pid leaves workerd holding the port (toolchain gotcha 9).
    // VSCODE_INSPECTOR_OPTIONS set: wrangler then believes a debugger is attached and starts no inspector relay, so
    // the bench's own session is the only one on workerd's inspector (the runtime keeps one session per isolate; the
    // relay would take it back) and the relay's tracing is not charged to the Worker.
    // WRANGLER_LOG=warn: no line per request, which would cost the machine CPU while it is measured.
    // BENCH_SOURCEMAP=1: the Remix server build comes with its source map (vite.config.ts), which wrangler's bundle
    // map then follows, so profiles can be split by our original files (scripts/bench/source-map.ts). The code is
    // the same.
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, VSCODE_INSPECTOR_OPTIONS: "{}", WRANGLER_LOG: "warn", BENCH_SOURCEMAP: "1" },
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error("npm start could not be spawned");
  let log = ""; // kept short: the importer's lines, and the error message when it never comes up
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    for (const line of text.split("\n")) if (line.startsWith("Imported")) process.stderr.write(`\n    ${line}`);
    log = (log + text).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  child.once("exit", () => (exited = true));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {} // ESRCH: already gone
  };
  const server: DevServer = {
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    stateDir,
    async ready() {
      for (;;) {
        try {
          if ((await fetch(`${this.baseUrl}/healthz`)).ok) break;
        } catch {} // not listening yet
        if (exited || performance.now() - started > 300_000) throw new Error(`npm start did not come up:\n${log}`);
        await sleep(100);
      }
      const seconds = (performance.now() - started) / 1000;
      stepSeconds["npm start"] = seconds;
      process.stderr.write(`\n  ready in ${seconds.toFixed(1)} s\n`);
    },
    killNow() {
      signalGroup("SIGTERM");
      rmSync(stateDir, { recursive: true, force: true });
    },
    async stop() {
      signalGroup("SIGTERM");
      for (let waited = 0; liveGroupMembers(pid).length > 0 && waited < 5000; waited += 100) await sleep(100);
      if (liveGroupMembers(pid).length > 0) signalGroup("SIGKILL");
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return server;
}
