// One load run: warm-up, then a timed autocannon run with the Worker's isolate profiled and /proc CPU sampled around it.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { type Attribution, attribute, type Locate, perRequest, type Split } from "./attribution";
import { type IsolateProfiler, SAMPLING_INTERVAL_US } from "./inspector";
import { CLK_TCK, treeCpuTicks } from "./proc";
import { type ProfileCpu, profileCpu } from "./profile";
import { percentile } from "./stats";

type CpuTicks = ReturnType<typeof treeCpuTicks>;

export interface Target {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** The store, by its hostname (sent as the Host header); the run's default store when absent. */
  host?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Runs once before the warm-up, through the real API (e.g. fills the cart a get-cart target reads). Throwing
   * marks the target as not timed, with the error's message as the reason.
   */
  prepare?: (ctx: { baseUrl: string; host: string }) => Promise<void>;
}

export interface LoadResult extends Pick<Target, "name" | "method" | "path"> {
  host: string;
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  /** Reported for the predictive search's answers (issue 28: "at the 95th percentile"). */
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /**
   * CPU of our Worker's isolate per response, from workerd's own profiler (busy samples), without the share in
   * wrangler's dev middleware. The figure every ratio is taken from.
   */
  runtimeCpuMsPerReq: number;
  /** CPU per response in wrangler's dev middleware inside the isolate (subtracted above; not in production). */
  runtimeToolingMsPerReq: number;
  /** Samples in the profile (idle ones included), to judge how coarse runtimeCpuMsPerReq is. */
  runtimeSamples: number;
  /** The sampler's actual period, µs: what one sample stands for. */
  runtimePeriodUs: number;
  /** utime+stime of all workerd processes (our isolate, the D1/KV simulators, wrangler's proxy worker) per response. */
  procWorkerdMsPerReq: number;
  /** utime+stime of the rest of wrangler's tree (its Node process, esbuild) per response. */
  procNodeMsPerReq: number;
  /**
   * The local proxy and simulators: wrangler's Node process plus the workerd CPU not in our isolate, per response.
   * None of it exists in production.
   */
  proxyMsPerReq: number;
  /**
   * runtimeCpuMsPerReq split by the original source of each busy sample's stack (render, remix, data, http, other),
   * with the hottest source functions and files; absent when the bench had no source map of the Worker's script.
   */
  split?: Split;
}

export interface LoadOptions {
  baseUrl: string;
  /** Host header for targets that do not name their own store. */
  defaultHost: string;
  seconds: number;
  connections: number;
  /** Root of the process tree whose CPU is charged to the target. */
  serverPid: number;
  /** Session on our Worker's isolate, started and stopped around the timed run. */
  profiler: IsolateProfiler;
  /** Where to keep each target's profile as <name>.cpuprofile (DevTools opens it), when set. */
  profileDir?: string;
  /** The Worker script's source map, which attributes each profile's samples to parts (scripts/bench/source-map.ts). */
  sourceMap?: { path: string; locate: Locate };
}

/**
 * Runs `timed` with our isolate profiled and the server tree's /proc CPU sampled around it (nothing else: set-up
 * between a flow's rounds is not charged), keeping the profile as <name>.cpuprofile when asked.
 */
export async function withCpu<T>(
  opts: LoadOptions,
  name: string,
  timed: () => PromiseLike<T>,
): Promise<{ value: T; ticks: CpuTicks; cpu: ProfileCpu; attribution?: Attribution }> {
  await opts.profiler.start();
  const before = treeCpuTicks(opts.serverPid);
  const value = await timed();
  const after = treeCpuTicks(opts.serverPid);
  const profile = await opts.profiler.stop();
  if (opts.profileDir) {
    mkdirSync(opts.profileDir, { recursive: true });
    writeFileSync(join(opts.profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    // The map beside the profiles, for scripts/bench/hot.ts: wrangler deletes its own copy when it stops. Copied over
    // any map an earlier run left in the same folder, which would attribute these profiles to another build's lines.
    if (opts.sourceMap) copyFileSync(opts.sourceMap.path, join(opts.profileDir, "index.js.map"));
  }
  const ticks = { workerd: after.workerd - before.workerd, other: after.other - before.other };
  const cpu = profileCpu(profile, SAMPLING_INTERVAL_US);
  const attribution = opts.sourceMap && attribute(profile, opts.sourceMap.locate, cpu.periodUs);
  return { value, ticks, cpu, ...(attribution ? { attribution } : {}) };
}

/** The warm-up got a 4xx, a 5xx or a connection error: the target is not timed, since timing an error page means nothing. */
export class WarmupFailed extends Error {
  constructor(
    readonly target: Target & { host: string },
    readonly statuses: Record<string, number>,
    readonly errors: number,
    /** Set when the target's prepare() failed, before any warm-up. */
    readonly setupError?: string,
  ) {
    super(
      `${target.name}: ${setupError === undefined ? `warm-up got ${errors} errors, statuses ${JSON.stringify(statuses)}` : `setup failed: ${setupError}`}`,
    );
    this.name = "WarmupFailed";
  }

  /** The message without the target's name. */
  get reason(): string {
    return this.message.slice(this.target.name.length + 2);
  }
}

export async function measure(target: Target, opts: LoadOptions): Promise<LoadResult> {
  const host = target.host ?? opts.defaultHost;
  if (target.prepare) {
    try {
      await target.prepare({ baseUrl: opts.baseUrl, host });
    } catch (error) {
      throw new WarmupFailed({ ...target, host }, {}, 0, error instanceof Error ? error.message : String(error));
    }
  }
  const request = {
    url: opts.baseUrl + target.path,
    method: target.method,
    headers: { Host: host, ...target.headers },
    body: target.body,
    connections: opts.connections,
  };
  // Warm-up: JIT, isolate start-up, KV/D1 first reads. Also a preflight: timing a 404 or 500 page is meaningless.
  // 3xx passes, so a form POST answered with a redirect can be a target.
  const warm = await autocannon({ ...request, amount: 200 });
  if (warm.errors > 0 || Object.keys(warm.statusCodeStats).some((status) => Number(status) >= 400)) {
    const statuses = Object.fromEntries(Object.entries(warm.statusCodeStats).map(([status, { count }]) => [status, count]));
    throw new WarmupFailed({ ...target, host }, statuses, warm.errors);
  }

  // autocannon's own histogram rounds to whole ms, too coarse for a ~1 ms floor, so keep the raw response times.
  const latencies: number[] = [];
  const {
    value: result,
    ticks,
    cpu,
    attribution,
  } = await withCpu(opts, target.name, () => {
    const run = autocannon({ ...request, duration: opts.seconds });
    run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
    return run;
  });

  return summarise(target, host, latencies, result, ticks, cpu, attribution);
}

/**
 * The figures of one timed run: `latencies` are the response times of its units (requests, or iterations of a
 * flow); `ticks` is the server tree's /proc CPU and `cpu` our isolate's profile over the run, spread over those units,
 * as is `attribution`, the same profile's split by source.
 */
export function summarise(
  target: Pick<Target, "name" | "method" | "path">,
  host: string,
  latencies: number[],
  result: { duration: number; non2xx: number; errors: number },
  ticks: CpuTicks,
  cpu: ProfileCpu,
  attribution?: Attribution,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const units = Math.max(1, sorted.length);
  const procMs = (n: number) => (n * 1000) / CLK_TCK / units;
  return {
    name: target.name,
    method: target.method,
    path: target.path,
    host,
    requests: sorted.length,
    requestsPerSec: sorted.length / result.duration,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    runtimeCpuMsPerReq: (cpu.busyMs - cpu.toolingMs) / units,
    runtimeToolingMsPerReq: cpu.toolingMs / units,
    runtimeSamples: cpu.samples,
    runtimePeriodUs: cpu.periodUs,
    procWorkerdMsPerReq: procMs(ticks.workerd),
    procNodeMsPerReq: procMs(ticks.other),
    proxyMsPerReq: procMs(ticks.workerd + ticks.other) - cpu.busyMs / units,
    ...(attribution ? { split: perRequest(attribution, units) } : {}),
  };
}
