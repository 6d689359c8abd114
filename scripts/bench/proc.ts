// Linux /proc helpers: CPU accounting for wrangler's workerd children and process-group liveness checks.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  pgrp: number;
  /** utime + stime in clock ticks, all threads of the process. */
  cpuTicks: number;
}

/** utime/stime are in clock ticks, not ms; usually 100 Hz, so one tick = 10 ms. */
export const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

function readStat(pid: number): ProcStat | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm may contain spaces and parentheses, so split after the last ")".
    const close = raw.lastIndexOf(")");
    const f = raw.slice(close + 2).split(" "); // f[0] is field 3 (state)
    const ticks = Number(f[11]) + Number(f[12]); // fields 14 (utime) and 15 (stime)
    return { pid, comm: raw.slice(raw.indexOf("(") + 1, close), state: f[0]!, ppid: Number(f[1]), pgrp: Number(f[2]), cpuTicks: ticks };
  } catch {
    return undefined; // exited between readdir and read
  }
}

function allProcesses(): ProcStat[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readStat(Number(name)) ?? []);
}

function isWorkerd(p: ProcStat): boolean {
  if (p.comm.includes("workerd")) return true;
  try {
    return readFileSync(`/proc/${p.pid}/cmdline`, "utf8").includes("workerd");
  } catch {
    return false;
  }
}

/** Pids of the process tree under `root`, root included. Re-walked on every call because wrangler may restart workerd. */
export function treePids(root: number, procs: ProcStat[] = allProcesses()): number[] {
  const tree = new Set([root]);
  // Parents are not always listed before children, so repeat until nothing new joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/**
 * CPU ticks of the process tree under `root`, split into workerd (our Worker's isolate, miniflare's D1/KV/R2
 * simulators, wrangler's proxy worker) and the rest (wrangler's Node process, esbuild).
 */
export function treeCpuTicks(root: number): { workerd: number; other: number } {
  const procs = allProcesses();
  const tree = new Set(treePids(root, procs));
  const ticks = { workerd: 0, other: 0 };
  for (const p of procs) if (tree.has(p.pid)) ticks[isWorkerd(p) ? "workerd" : "other"] += p.cpuTicks;
  return ticks;
}

/** Members of a process group that are still running (zombies only wait for their reaper, they hold no port). */
export function liveGroupMembers(pgid: number): number[] {
  return allProcesses()
    .filter((p) => p.pgrp === pgid && p.state !== "Z")
    .map((p) => p.pid);
}
