// A CDP session straight to workerd's own inspector, attached to the isolate of our Worker (not wrangler's relay).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { treePids } from "./proc";
import type { CpuProfile } from "./profile";

/** Sampling interval asked of V8, µs. workerd's sampler runs late under load (about 170 µs on a busy 2-core box). */
export const SAMPLING_INTERVAL_US = 100;

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
};

/** TCP ports `pid` listens on: its socket inodes matched against /proc/<pid>/net/tcp{,6} rows in state 0A (LISTEN). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {} // closed meanwhile
  }
  const ports: number[] = [];
  for (const table of ["tcp", "tcp6"]) {
    let rows: string[];
    try {
      rows = readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const row of rows) {
      const f = row.trim().split(/\s+/);
      if (f[3] === "0A" && inodes.has(f[9]!)) ports.push(Number.parseInt(f[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

/**
 * The inspector WebSocket URL of the user Worker's isolate (`core:user:<name>`). wrangler starts the workerd that
 * runs the Worker with `--inspector-addr=localhost:0`, so the port is found among that process's listening sockets:
 * the one whose `/json/list` answers.
 */
export async function findWorkerInspector(root: number): Promise<string> {
  const workerd = treePids(root).find((pid) => cmdline(pid).some((arg) => arg.startsWith("--inspector-addr")));
  if (workerd === undefined) throw new Error("no workerd with --inspector-addr under wrangler");
  for (const port of listeningPorts(workerd)) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { id: string }[];
      const target = list.find((t) => t.id.startsWith("core:user:"));
      if (target) return `ws://127.0.0.1:${port}/${target.id}`;
    } catch {} // not the inspector
  }
  throw new Error(`workerd ${workerd} lists no core:user: isolate on its inspector`);
}

/** One CDP session. Needs a global WebSocket (Node 22+, or Node 20 with --experimental-websocket: see package.json). */
export class IsolateProfiler {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (m: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      // workerd answers the Profiler calls it handles itself by echoing the request, without `result`.
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    socket.addEventListener("close", () => {
      for (const { reject } of this.pending.values()) reject(new Error("inspector connection closed"));
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<IsolateProfiler> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    const profiler = new IsolateProfiler(socket);
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    return profiler;
  }

  private send(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  async start(): Promise<void> {
    await this.send("Profiler.start");
  }

  async stop(): Promise<CpuProfile> {
    return ((await this.send("Profiler.stop")) as { profile: CpuProfile }).profile;
  }

  close(): void {
    this.socket.close();
  }
}
