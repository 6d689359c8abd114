// Pure helpers: the CPU a V8 CPU profile (CDP Profiler.stop) shows.
import { median } from "./stats";

/** The parts of a CDP `Profiler.Profile` read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    /** The function's start in its script, 0-based (CDP always sends them; -1 for frames without a script). */
    callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
    parent?: number;
    children?: number[];
  }[];
  /** Node id of each sample's leaf frame. */
  samples: number[];
  /** µs from the previous sample (the first: from the profile's start) to this one. */
  timeDeltas: number[];
}

export interface ProfileCpu {
  /** Samples in the isolate that are not `(idle)`: our code, the runtime's built-ins, GC and `(program)`. */
  busyMs: number;
  /** The part of busyMs whose leaf frame is wrangler's dev-only code (`isTooling`): not in production. */
  toolingMs: number;
  samples: number;
  idleSamples: number;
  /** The sampler's actual period, µs: what one sample stands for. */
  periodUs: number;
}

/**
 * Wrangler bundles its dev middleware into the Worker's own script (so its frames share our url): the facade that
 * wraps `fetch` (`__facade_*`), the request-body drain and the JSON error page (`drainBody`, `jsonError`).
 */
export const isTooling = (frame: { functionName: string }) =>
  /^(__facade_|__Facade_)/.test(frame.functionName) || frame.functionName === "drainBody" || frame.functionName === "jsonError";

/**
 * The sampler's actual period: the median gap between consecutive samples while the isolate runs. workerd samples an
 * isolate only while it executes (an isolate waiting for I/O or for a request yields no samples), so gaps longer than
 * a few intervals are waits and are left out. Under load the sampler runs late (about 170 µs for 100 µs asked).
 */
export function samplingPeriod(timeDeltas: number[], intervalUs: number): number {
  const running = timeDeltas.slice(1).filter((gap) => gap > 0 && gap <= 3 * intervalUs);
  return running.length === 0 ? intervalUs : median(running);
}

/** CPU time in a profile: each sample that is not `(idle)` stands for one sampling period of the isolate running. */
export function profileCpu(profile: CpuProfile, intervalUs: number): ProfileCpu {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const periodUs = samplingPeriod(profile.timeDeltas, intervalUs);
  let busy = 0;
  let tooling = 0;
  for (const id of profile.samples) {
    const frame = frames.get(id);
    if (!frame || frame.functionName === "(idle)") continue;
    busy++;
    if (isTooling(frame)) tooling++;
  }
  return {
    busyMs: (busy * periodUs) / 1000,
    toolingMs: (tooling * periodUs) / 1000,
    samples: profile.samples.length,
    idleSamples: profile.samples.length - busy,
    periodUs,
  };
}
