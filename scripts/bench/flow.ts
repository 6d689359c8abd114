// A two-request load target: a form POST, then a GET of where it redirects (POST → 303 → GET), timed as one iteration.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { type LoadOptions, type LoadResult, summarise, type Target, WarmupFailed } from "./load";
import { treeCpuTicks } from "./proc";

export interface FlowTarget extends Omit<Target, "prepare"> {
  kind: "flow";
  method: "POST";
  /** Form fields of the POST (sent as application/x-www-form-urlencoded); resolved before the warm-up. */
  form: (ctx: { baseUrl: string; host: string }) => Promise<Record<string, string>>;
  /** The status the POST should answer, and where it should send the shopper. */
  expectStatus: number;
  expectLocation: string;
  /** Name of the cookie holding the guest id; every iteration sends a fresh one (a new shopper's first add). */
  guestCookie: string;
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

const guestId = () => randomBytes(16).toString("hex");

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
  const form = new URLSearchParams(await target.form({ baseUrl: opts.baseUrl, host })).toString();
  const common = { Host: host, ...target.headers };
  const requests = [
    {
      method: "POST",
      path: target.path,
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        context.guest = guestId();
        return {
          ...req,
          headers: {
            ...common,
            "content-type": "application/x-www-form-urlencoded",
            cookie: `${target.guestCookie}=${context.guest}`,
          },
          body: form,
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
        headers: { ...common, cookie: `${target.guestCookie}=${context.guest}` },
      }),
    },
  ];
  const base = { url: opts.baseUrl, connections: opts.connections, requests };

  /** Pairs each connection's POST with the GET after it. */
  const track = (run: autocannon.Instance) => {
    const pending = new Map<unknown, { status: number; ms: number }>();
    const iterations: { ms: number; ok: boolean }[] = [];
    const statuses: Record<string, number> = {};
    run.on("response", (client, status, _bytes, ms) => {
      const post = pending.get(client);
      const key = `${post ? "GET" : "POST"} ${status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (!post) {
        pending.set(client, { status, ms });
        return;
      }
      pending.delete(client);
      iterations.push({ ms: post.ms + ms, ok: post.status === target.expectStatus && status >= 200 && status < 300 });
    });
    return { iterations, statuses };
  };

  // Warm-up, 100 iterations. Only connection errors and 5xx stop the target: any other unexpected status is timed
  // and reported, since until the page flow exists the POST answers 200 and the ratio is still worth a look.
  const warmRun = autocannon({ ...base, amount: 200 });
  const warmTrack = track(warmRun);
  const warm = await warmRun;
  if (warm.errors > 0 || Object.keys(warmTrack.statuses).some((key) => Number(key.split(" ")[1]) >= 500)) {
    throw new WarmupFailed({ ...target, host }, warmTrack.statuses, warm.errors);
  }

  const before = treeCpuTicks(opts.serverPid);
  const run = autocannon({ ...base, duration: opts.seconds });
  const { iterations, statuses } = track(run);
  const result = await run;
  const after = treeCpuTicks(opts.serverPid);

  const path = `${target.path} → ${target.expectLocation}`;
  const latencies = iterations.map((i) => i.ms);
  return {
    ...summarise({ ...target, path }, host, latencies, result, before, after),
    kind: "flow",
    unit: "iteration",
    statuses,
    unexpected: iterations.filter((i) => !i.ok).length,
  };
}
