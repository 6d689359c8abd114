import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bars, columns, levelOf, mirrored, niceAxis, segments, shares } from "../../commerce/desk/chart-geometry";

describe("a chart's value axis", () => {
  it.each([
    [7, true, 8, [0, 2, 4, 6, 8]],
    [3, true, 3, [0, 1, 2, 3]],
    [1, true, 1, [0, 1]],
    [12, true, 15, [0, 5, 10, 15]],
    [250, true, 300, [0, 100, 200, 300]],
    [1234.5, false, 1500, [0, 500, 1000, 1500]],
    [9, false, 10, [0, 2.5, 5, 7.5, 10]],
    [0.7, false, 0.8, [0, 0.2, 0.4, 0.6, 0.8]],
    [0, true, 1, [0, 1]],
  ])("for a largest value of %s (whole: %s) runs to %s in round steps", (max, whole, top, ticks) => {
    expect(niceAxis(max, { whole })).toEqual({ top, ticks });
  });

  // Within floating point's last digits: a value 1e-16 over a round top is drawn at the top.
  it("always reaches the largest value in 2 to 11 steps, and counts in whole steps", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e9, noNaN: true }), fc.boolean(), (max, whole) => {
        const axis = niceAxis(whole ? Math.ceil(max) : max, { whole });
        expect(axis.top).toBeGreaterThanOrEqual((whole ? Math.ceil(max) : max) * (1 - 1e-12));
        expect(axis.ticks[0]).toBe(0);
        expect(axis.ticks.at(-1)).toBe(axis.top);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
        expect(axis.ticks.length).toBeLessThanOrEqual(11);
        if (whole) expect(axis.ticks.every(Number.isInteger)).toBe(true);
      }),
    );
  });
});

describe("bars", () => {
  const plot = { x: 10, y: 0, width: 240, height: 100 };

  it("stand side by side on the plot's bottom, as tall as their value on the axis", () => {
    const boxes = columns([0, 5, 10], 10, plot);
    expect(boxes).toEqual([
      { x: 20, y: 100, width: 60, height: 0 },
      { x: 100, y: 50, width: 60, height: 50 },
      { x: 180, y: 0, width: 60, height: 100 },
    ]);
    expect(levelOf(5, 10, plot)).toBe(50);
  });

  it("show a tiny value, and nothing for a negative one", () => {
    const [tiny, negative] = columns([0.001, -3], 1000, plot);
    expect(tiny!.height).toBe(1);
    expect(negative!.height).toBe(0);
  });

  it("lie one under the other from the start edge, as long as their value", () => {
    expect(bars([4, 2], 4, { x: 8, y: 0, width: 200, height: 80 }, 0.5)).toEqual([
      { x: 8, y: 10, width: 200, height: 20 },
      { x: 8, y: 50, width: 100, height: 20 },
    ]);
  });

  it("are drawn the same distance from the other side on a right-to-left page", () => {
    expect(mirrored({ x: 8, y: 10, width: 100, height: 20 }, 480)).toEqual({ x: 372, y: 10, width: 100, height: 20 });
  });
});

describe("the shares of a stacked bar", () => {
  it("are whole percentages adding up to 100, the largest remainders rounded up", () => {
    expect(shares([1, 1, 1])).toEqual([0.34, 0.33, 0.33]);
    expect(shares([80, 15, 5])).toEqual([0.8, 0.15, 0.05]);
    expect(shares([0.8, 0.15, 0.05])).toEqual([0.8, 0.15, 0.05]);
    expect(shares([2, 0, 1])).toEqual([0.67, 0, 0.33]);
    expect(shares([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it("add up to 100 whatever the parts", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 3, maxLength: 3 }), (parts) => {
        const percents = shares(parts).map((share) => Math.round(share * 100));
        expect(percents.reduce((sum, p) => sum + p, 0)).toBe(parts.some((p) => p > 0) ? 100 : 0);
      }),
    );
  });

  it("make segments that follow each other across the bar", () => {
    const boxes = segments([50, 30, 20], { x: 8, y: 4, width: 400, height: 18 });
    expect(boxes.map((box) => [box.x, box.width])).toEqual([
      [8, 200],
      [208, 120],
      [328, 80],
    ]);
    expect(boxes.every((box) => box.y === 4 && box.height === 18)).toBe(true);
  });
});
