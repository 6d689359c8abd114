import type { Env } from "../env";

/** The request header a bench sends to delay each of the request's database round trips, in milliseconds. */
export const BENCH_DELAY_HEADER = "Bench-DB-Delay";
const MAX_DELAY_MS = 2_000;

/**
 * How long each database round trip of this request waits before it is sent: what the benchmark uses to show the cost
 * of distance to the primary (scripts/bench/distance.ts). Only while `BENCH_DB=1` is set (`.dev.vars` or `--var`, never
 * wrangler.toml or production); otherwise the header means nothing and the answer is 0.
 */
export function benchDelayMs(request: Request, env: Pick<Env, "BENCH_DB">): number {
  if (env.BENCH_DB !== "1") return 0;
  const ms = Number(request.headers.get(BENCH_DELAY_HEADER) ?? "0");
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_DELAY_MS) : 0;
}
