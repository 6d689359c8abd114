import { describe, expect, it } from "vitest";
import {
  busyMsPerUnit,
  type MixPart,
  md1WaitMs,
  meanWaitMs,
  mm1WaitMs,
  perSecond,
  platformPerSecond,
  serviceMoments,
  unitsPerSecond,
} from "../../scripts/bench/d1-capacity";

// Worked by hand: an order brings 10 reads of 2 ms, 4 cart changes of 5 ms and itself, 10 ms.
const ORDER_MIX: MixPart[] = [
  { name: "read", perUnit: 10, serviceMs: 2 },
  { name: "cart", perUnit: 4, serviceMs: 5 },
  { name: "order", perUnit: 1, serviceMs: 10 },
];

describe("what one D1 database carries, one query at a time", () => {
  it("serves 1 / service time of one kind of request", () => {
    expect(perSecond(4)).toBe(250);
    expect(perSecond(1)).toBe(1000); // D1's own example: 1 ms a query, about 1,000 queries a second
    expect(perSecond(100)).toBe(10); // and 100 ms, 10 a second
    expect(() => perSecond(0)).toThrow(/positive/);
  });

  it("fills with a mix at 1 / (the database time of one unit of it)", () => {
    // 10 × 2 + 4 × 5 + 1 × 10 = 50 ms an order: 20 orders a second, 14 at 70% busy.
    expect(busyMsPerUnit(ORDER_MIX)).toBe(50);
    expect(unitsPerSecond(ORDER_MIX)).toBe(20);
    expect(unitsPerSecond(ORDER_MIX, 0.7)).toBe(14);
  });

  it("gives the mix's requests their mean service time and its second moment", () => {
    const halves: MixPart[] = [
      { name: "short", perUnit: 1, serviceMs: 2 },
      { name: "long", perUnit: 1, serviceMs: 8 },
    ];
    // E[S] = (2 + 8) / 2 = 5; E[S²] = (4 + 64) / 2 = 34.
    expect(serviceMoments(halves)).toEqual({ meanMs: 5, secondMomentMs2: 34 });
    // 15 requests an order, 50 ms in all; E[S²] = (10 × 4 + 4 × 25 + 100) / 15 = 16.
    expect(serviceMoments(ORDER_MIX).meanMs).toBeCloseTo(50 / 15, 12);
    expect(serviceMoments(ORDER_MIX).secondMomentMs2).toBe(16);
  });

  it("multiplies by N databases evenly loaded, and by less when the busiest holds more than its share", () => {
    expect(platformPerSecond(20, [1, 1, 1, 1])).toBe(80);
    expect(platformPerSecond(20, [1])).toBe(20);
    // The busiest holds 40% of the load: it fills when the platform carries 20 / 0.4 = 50.
    expect(platformPerSecond(20, [0.4, 0.2, 0.2, 0.2])).toBe(50);
    expect(platformPerSecond(20, [4, 2, 2, 2])).toBe(50);
  });

  it("queues by Pollaczek–Khinchine: M/D/1 half of M/M/1, a mix in between, and no end at saturation", () => {
    // 100 a second of 5 ms: ρ = 0.5. M/D/1: 0.5 × 5 / (2 × 0.5) = 2.5 ms; M/M/1: 0.5 × 5 / 0.5 = 5 ms.
    expect(md1WaitMs(100, 5)).toBeCloseTo(2.5, 12);
    expect(mm1WaitMs(100, 5)).toBeCloseTo(5, 12);
    // The 2 ms / 8 ms mix at the same ρ: 0.1 × 34 / (2 × 0.5) = 3.4 ms.
    expect(meanWaitMs(100, 5, 34)).toBeCloseTo(3.4, 12);
    // 180 a second: ρ = 0.9, M/D/1 0.9 × 5 / 0.2 = 22.5 ms.
    expect(md1WaitMs(180, 5)).toBeCloseTo(22.5, 12);
    expect(md1WaitMs(200, 5)).toBe(Number.POSITIVE_INFINITY);
    expect(md1WaitMs(0, 5)).toBe(0);
  });
});
