import { describe, expect, it } from "vitest";
import { goal } from "../../scripts/bench/goals";
import { type CpuProfile, isTooling, profileCpu, samplingPeriod } from "../../scripts/bench/profile";
import { median } from "../../scripts/bench/stats";

const frame = (functionName: string) => ({ functionName, url: functionName.startsWith("(") ? "" : "index.js" });

/** A profile whose samples are the named leaf frames, `gaps` µs apart. */
function profile(leaves: string[], gaps: number[]): CpuProfile {
  const names = [...new Set(leaves)];
  return {
    nodes: names.map((name, i) => ({ id: i + 1, callFrame: frame(name) })),
    samples: leaves.map((name) => names.indexOf(name) + 1),
    timeDeltas: gaps,
  };
}

describe("reading a workerd CPU profile", () => {
  it("counts every sample but (idle) as one sampling period, measured from the gaps while the isolate runs", () => {
    // Runs of samples 170 µs apart, and waits of 5 ms between requests that must not count as CPU.
    const p = profile(
      ["render", "render", "(program)", "(idle)", "render", "(garbage collector)", "__facade_invoke__", "(idle)"],
      [40, 170, 170, 5000, 5000, 170, 170, 9000],
    );
    const cpu = profileCpu(p, 100);
    expect(cpu.periodUs).toBe(170);
    expect(cpu.samples).toBe(8);
    expect(cpu.idleSamples).toBe(2);
    expect(cpu.busyMs).toBeCloseTo((6 * 170) / 1000);
    expect(cpu.toolingMs).toBeCloseTo(170 / 1000);
  });

  it("falls back to the interval asked for when no two samples are close (a nearly idle isolate)", () => {
    expect(samplingPeriod([0, 4000, 9000], 100)).toBe(100);
    expect(profileCpu(profile(["fetch"], [30]), 100).busyMs).toBeCloseTo(0.1);
  });

  it("counts only wrangler's dev middleware as tooling, not our code nor the runtime", () => {
    for (const name of ["__facade_invoke__", "__facade_invokeChain__", "drainBody", "jsonError"]) expect(isTooling(frame(name))).toBe(true);
    for (const name of ["fetch", "renderToString", "(program)", "__name"]) expect(isTooling(frame(name))).toBe(false);
  });
});

describe("bench helpers", () => {
  it("takes the median of odd and even counts without reordering the input", () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("checks a goal, and leaves one without a figure unjudged", () => {
    expect(goal("home CPU", 1.6, "×plain", 1.5)).toMatchObject({ value: 1.5, ok: true });
    expect(goal("home CPU", 1.6, "×plain", 1.7)).toMatchObject({ ok: false });
    expect(goal("home LCP", 1.8, "s", undefined)).toEqual({ label: "home LCP", limit: 1.8, unit: "s" });
    expect(goal("home CPU", 1.6, "×plain", Number.NaN).ok).toBeUndefined();
  });
});
