// A two-request load target: a form POST, then a GET of where it redirects (POST → 303 → GET), timed as one iteration.
import autocannon from "autocannon";
import { type Attribution, addAttributions } from "./attribution";
import { type LoadOptions, type LoadResult, summarise, type Target, WarmupFailed, withCpu } from "./load";
import type { ProfileCpu } from "./profile";

/** Who makes one iteration: the cookie it sends, and form fields of its own (added to the target's). */
export interface FlowShopper {
  cookie: string;
  fields?: Record<string, string>;
}

export interface FlowTarget extends Omit<Target, "prepare"> {
  kind: "flow";
  method: "POST";
  /** Form fields of every POST (sent as application/x-www-form-urlencoded); resolved before the warm-up. */
  form: (ctx: { baseUrl: string; host: string }) => Promise<Record<string, string>>;
  /** The status the POST should answer, and where it should send the shopper (the GET's path when it does not). */
  expectStatus: number;
  expectLocation: string;
  /** The shopper of the next iteration, taken as its POST is sent (so synchronous). */
  shopper: () => FlowShopper;
  /**
   * For a flow that uses up what its shoppers hold (an order empties the cart): `prepare` runs once before the
   * warm-up; then the iterations run in rounds of `size` (a multiple of the connections), each after `setup` has
   * readied the next `size` shoppers. The set-up is neither timed nor counted in the CPU figure.
   */
  rounds?: {
    size: number;
    prepare: (ctx: { baseUrl: string; host: string }) => Promise<void>;
    setup: (ctx: { baseUrl: string; host: string }) => Promise<void>;
  };
}

export interface FlowResult extends LoadResult {
  kind: "flow";
  /** Iterations (POST + GET) counted in requests/requestsPerSec/p50/p99/cpuMsPerReq. */
  unit: "iteration";
  /** Observed statuses, as "POST 303" / "GET 200" → count, over the timed run. */
  statuses: Record<string, number>;
  /** Iterations whose POST did not answer expectStatus or whose GET was not 2xx. */
  unexpected: number;
}

/** Path (and query) of a Location header, which may be absolute. */
function locationPath(location: string | undefined, fallback: string): string {
  if (!location) return fallback;
  try {
    const url = new URL(location, "http://placeholder");
    return url.pathname + url.search;
  } catch {
    return fallback;
  }
}

/**
 * The POST and the GET run back to back on one connection (autocannon's request sequence), so an iteration's time is
 * the sum of the two response times. The GET goes to the POST's Location; without one (the POST did not redirect) it
 * goes to `expectLocation`, so the iteration keeps its shape, and the iteration counts as unexpected.
 */
export async function measureFlow(target: FlowTarget, opts: LoadOptions): Promise<FlowResult> {
  const host = target.host ?? opts.defaultHost;
  const ctx = { baseUrl: opts.baseUrl, host };
  const { rounds } = target;
  if (rounds) {
    if (rounds.size % opts.connections !== 0)
      throw new Error(`${target.name}: rounds of ${rounds.size} do not split over ${opts.connections} connections`);
    try {
      await rounds.prepare(ctx);
    } catch (error) {
      throw new WarmupFailed({ ...target, host }, {}, 0, error instanceof Error ? error.message : String(error));
    }
  }
  const fields = await target.form(ctx);
  const common = { Host: host, ...target.headers };
  const requests = [
    {
      method: "POST",
      path: target.path,
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const shopper = target.shopper();
        context.cookie = shopper.cookie;
        return {
          ...req,
          headers: { ...common, "content-type": "application/x-www-form-urlencoded", cookie: shopper.cookie },
          body: new URLSearchParams({ ...fields, ...shopper.fields }).toString(),
        };
      },
      onResponse: (_status: number, _body: string, context: Record<string, unknown>, headers: Record<string, string>) => {
        const name = Object.keys(headers).find((h) => h.toLowerCase() === "location");
        context.location = name === undefined ? undefined : headers[name];
      },
    },
    {
      method: "GET",
      path: target.expectLocation,
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => ({
        ...req,
        path: locationPath(context.location as string | undefined, target.expectLocation),
        headers: { ...common, cookie: context.cookie as string },
      }),
    },
  ];
  const base = { url: opts.baseUrl, connections: opts.connections, requests };
  const iterations: { ms: number; ok: boolean }[] = [];
  const statuses: Record<string, number> = {};

  /** Runs `amount` requests (or for `duration` s), pairing each connection's POST with the GET after it. */
  const run = async (limit: { amount: number } | { duration: number }) => {
    const pending = new Map<unknown, { status: number; ms: number }>();
    const own = { iterations: [] as { ms: number; ok: boolean }[], statuses: {} as Record<string, number> };
    const instance = autocannon({ ...base, ...limit });
    instance.on("response", (client, status, _bytes, ms) => {
      const post = pending.get(client);
      const key = `${post ? "GET" : "POST"} ${status}`;
      own.statuses[key] = (own.statuses[key] ?? 0) + 1;
      if (!post) {
        pending.set(client, { status, ms });
        return;
      }
      pending.delete(client);
      own.iterations.push({ ms: post.ms + ms, ok: post.status === target.expectStatus && status >= 200 && status < 300 });
    });
    return { result: await instance, ...own };
  };

  // Warm-up, 100 iterations (or one round). Only connection errors and 5xx stop the target: any other unexpected
  // status is timed and reported, since until the page flow exists the POST answers 200 and the ratio is still worth
  // a look.
  if (rounds) await rounds.setup(ctx);
  const warm = await run({ amount: 2 * (rounds?.size ?? 100) });
  if (warm.result.errors > 0 || Object.keys(warm.statuses).some((key) => Number(key.split(" ")[1]) >= 500)) {
    throw new WarmupFailed({ ...target, host }, warm.statuses, warm.result.errors);
  }

  // Without rounds, one run of the whole duration; with them, rounds until their timed runs add up to it, the CPU
  // sampled around each run so the set-up between them is not charged.
  const ticks = { workerd: 0, other: 0 };
  const cpu: ProfileCpu = { busyMs: 0, toolingMs: 0, samples: 0, idleSamples: 0, periodUs: 0 };
  const totals = { duration: 0, non2xx: 0, errors: 0 };
  let attribution: Attribution | undefined;
  while (totals.duration < opts.seconds) {
    if (rounds) await rounds.setup(ctx);
    // A round's saved profile replaces the one before.
    const measured = await withCpu(opts, target.name, () => run(rounds ? { amount: 2 * rounds.size } : { duration: opts.seconds }));
    const { value: timed, cpu: round } = measured;
    ticks.workerd += measured.ticks.workerd;
    ticks.other += measured.ticks.other;
    for (const key of ["busyMs", "toolingMs", "samples", "idleSamples"] as const) cpu[key] += round[key];
    cpu.periodUs = round.periodUs; // reported only; each round's time is already in busyMs
    if (measured.attribution) attribution = attribution ? addAttributions(attribution, measured.attribution) : measured.attribution;
    totals.duration += timed.result.duration;
    totals.non2xx += timed.result.non2xx;
    totals.errors += timed.result.errors;
    iterations.push(...timed.iterations);
    for (const [key, n] of Object.entries(timed.statuses)) statuses[key] = (statuses[key] ?? 0) + n;
    if (!rounds) break;
  }

  const path = `${target.path} → ${target.expectLocation}`;
  const latencies = iterations.map((i) => i.ms);
  return {
    ...summarise({ ...target, path }, host, latencies, totals, ticks, cpu, attribution),
    kind: "flow",
    unit: "iteration",
    statuses,
    unexpected: iterations.filter((i) => !i.ok).length,
  };
}
