// Runs the production build under `wrangler dev` against a throwaway D1/KV state, and tears the whole tree down.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exampleVarArgs } from "../dev-vars";
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
  /** wrangler's pid, also its process-group id. */
  pid: number;
  baseUrl: string;
  /** Resolves once GET /healthz answers; rejects (with wrangler's output) if wrangler exits or takes over 60 s. */
  ready(): Promise<void>;
  /** Synchronous best effort for exit/signal handlers. */
  killNow(): void;
  /** SIGTERM the group, SIGKILL whatever is still running after 5 s, delete the state dir. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prepares fresh state and spawns wrangler; the caller owns the result (call stop()) as soon as this resolves. */
export async function startDevServer(port: number, storeFiles: string[]): Promise<DevServer> {
  // Otherwise wrangler would fail to bind and the health check would happily measure whatever holds the port.
  if (await portInUse(port)) throw new Error(`Port ${port} is already in use; stop that server first.`);
  const stateDir = mkdtempSync(join(tmpdir(), "storefront-bench-"));
  const bin = (name: string) => join("node_modules", ".bin", name);
  try {
    step("apply D1 migrations", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
    // One importer process for all files (each start of the platform proxy costs seconds); its own lines give per-store times.
    const imported = step("import stores", bin("tsx"), ["scripts/store-import.ts", ...storeFiles, "--persist-to", stateDir]);
    for (const line of imported.split("\n").filter((l) => l.startsWith("Imported"))) process.stderr.write(`    ${line}\n`);
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }

  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...exampleVarArgs(),
    ],
    // detached = own process group: killing only wrangler's pid leaves workerd holding the port (toolchain gotcha 9).
    // NODE_ENV=production: wrangler dev otherwise defines it as "development" and bundles React's dev build, which
    // `wrangler deploy` does not.
    // VSCODE_INSPECTOR_OPTIONS set: wrangler then believes a debugger is attached and starts no inspector relay, so
    // the bench's own session is the only one on workerd's inspector (the runtime keeps one session per isolate; the
    // relay would take it back) and the relay's tracing is not charged to the Worker.
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production", VSCODE_INSPECTOR_OPTIONS: "{}" },
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error("wrangler dev could not be spawned");
  let log = ""; // kept short: only for the error message when it never comes up
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
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
    async ready() {
      process.stderr.write("› wrangler dev … ");
      const started = Date.now();
      for (;;) {
        try {
          if ((await fetch(`${this.baseUrl}/healthz`)).ok) break;
        } catch {} // not listening yet
        if (exited || Date.now() - started > 60_000) throw new Error(`wrangler dev did not come up:\n${log}`);
        await sleep(100);
      }
      process.stderr.write(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
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
