// One load run: warm-up, then a timed autocannon run with workerd CPU sampled around it.
import autocannon from "autocannon";
import { CLK_TCK, treeCpuTicks } from "./proc";

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
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU of the workerd processes (the Worker itself plus wrangler's proxy worker) per response. */
  cpuMsPerReq: number;
  /** CPU of the rest of wrangler's tree (its Node process) per response: overhead that production does not have. */
  wranglerNodeCpuMsPerReq: number;
}

export interface LoadOptions {
  baseUrl: string;
  /** Host header for targets that do not name their own store. */
  defaultHost: string;
  seconds: number;
  connections: number;
  /** Root of the process tree whose CPU is charged to the target. */
  serverPid: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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
  const before = treeCpuTicks(opts.serverPid);
  const run = autocannon({ ...request, duration: opts.seconds });
  run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  const after = treeCpuTicks(opts.serverPid);

  return summarise(target, host, latencies, result, before, after);
}

/**
 * The figures of one timed run: `latencies` are the response times of its units (requests, or iterations of a
 * flow), CPU is the server tree's between `before` and `after`, spread over those units.
 */
export function summarise(
  target: Pick<Target, "name" | "method" | "path">,
  host: string,
  latencies: number[],
  result: { duration: number; non2xx: number; errors: number },
  before: CpuTicks,
  after: CpuTicks,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const cpuMsPerUnit = (ticks: number) => (ticks * 1000) / CLK_TCK / Math.max(1, sorted.length);
  return {
    name: target.name,
    method: target.method,
    path: target.path,
    host,
    requests: sorted.length,
    requestsPerSec: sorted.length / result.duration,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerReq: cpuMsPerUnit(after.workerd - before.workerd),
    wranglerNodeCpuMsPerReq: cpuMsPerUnit(after.other - before.other),
  };
}
