import { describe, expect, it } from "vitest";
import { busyMsPerUnit, type MixPart, meanWaitMs, serviceMoments } from "../../scripts/bench/d1-capacity";
import {
  FOOD_DELIVERY_DAY,
  fifo,
  placeFewestStores,
  type SimulationInput,
  simulateDay,
  zipfOrders,
} from "../../scripts/bench/d1-simulation";

const HOUR_MS = 3_600_000;

/**
 * Fixed figures, not measured ones: an order brings 12 reads of 3 ms, 8 cart changes of 3 ms, 0.3 sign-ins of 6 ms,
 * itself (10 ms) and 0.6 of each payment step (5 ms); 133.3 ms of database time an order. A replace of 10 s.
 */
const MIX: MixPart[] = [
  { name: "read", perUnit: 12, serviceMs: 3 },
  { name: "cart", perUnit: 8, serviceMs: 3 },
  { name: "sign-in", perUnit: 0.3, serviceMs: 6 },
  { name: "order", perUnit: 1, serviceMs: 10 },
  { name: "pay", perUnit: 0.6, serviceMs: 5 },
  { name: "pay-result", perUnit: 0.6, serviceMs: 5 },
];
const INPUT: SimulationInput = {
  seed: 7,
  stores: 50,
  databases: 4,
  largestStoreOrdersPerDay: 4_000,
  zipfExponent: 1,
  day: FOOD_DELIVERY_DAY,
  mix: MIX,
  importMs: 10_000,
  importReplicas: 20,
  clientTimeoutMs: 5_000,
};

describe("one database as a FIFO server", () => {
  it("makes each job wait for the ones before it, and counts its busy time by the hour", () => {
    const { waits, busyMsByHour } = fifo(
      [
        { at: 0, serviceMs: 10, store: 0 },
        { at: 5, serviceMs: 10, store: 1 },
        { at: 30, serviceMs: 1, store: 0 },
        { at: HOUR_MS - 5, serviceMs: 10, store: 0 },
      ],
      2,
    );
    expect(waits).toEqual([0, 5, 0, 0]);
    // 10 + 10 + 1 + 5 in the first hour, the last job's other 5 in the second.
    expect(busyMsByHour).toEqual([26, 5]);
  });
});

describe("placement and sizes", () => {
  it("puts each new store on the database with the fewest stores, the lowest-numbered among equals", () => {
    // Created in the order 2, 0, 1, 3, 4 on two databases: 2 → 0, 0 → 1, 1 → 0, 3 → 1, 4 → 0.
    expect(placeFewestStores([2, 0, 1, 3, 4], 2)).toEqual([1, 0, 0, 1, 0]);
  });

  it("sizes stores by Zipf's law", () => {
    expect(zipfOrders(3, 600, 1)).toEqual([600, 300, 200]);
    expect(zipfOrders(2, 400, 2)).toEqual([400, 100]);
  });

  it("has a food-delivery day: dinner 29% over lunch, busiest at 20:00", () => {
    expect(FOOD_DELIVERY_DAY).toHaveLength(24);
    const sum = (from: number, to: number) => FOOD_DELIVERY_DAY.slice(from, to).reduce((a, b) => a + b, 0);
    expect(sum(19, 23) / sum(12, 15)).toBeCloseTo(1.29, 10);
    expect(FOOD_DELIVERY_DAY.indexOf(Math.max(...FOOD_DELIVERY_DAY))).toBe(20);
  });
});

describe("a simulated day of 50 stores on 4 databases", () => {
  const result = simulateDay(INPUT);

  it("is the same for the same seed, and another for another", () => {
    expect(simulateDay(INPUT)).toEqual(result);
    expect(simulateDay({ ...INPUT, seed: 8 }).databases[0]!.requestsPerDay).not.toBe(result.databases[0]!.requestsPerDay);
  });

  it("spreads the stores 13, 13, 12, 12 and keeps each database as busy as its orders say", () => {
    expect(result.databases.map((d) => d.stores)).toEqual([13, 13, 12, 12]);
    expect(result.peakHour).toBe(20);
    const perOrderMs = busyMsPerUnit(MIX);
    const weights = FOOD_DELIVERY_DAY.reduce((a, b) => a + b, 0);
    for (const d of result.databases) {
      // Poisson arrivals: within a few per cent of orders × database time per order.
      expect(d.busyShareDay / ((d.ordersPerDay * perOrderMs) / (24 * HOUR_MS))).toBeGreaterThan(0.97);
      expect(d.busyShareDay / ((d.ordersPerDay * perOrderMs) / (24 * HOUR_MS))).toBeLessThan(1.03);
      const peakShare = (d.ordersPerDay * (FOOD_DELIVERY_DAY[20]! / weights) * perOrderMs) / HOUR_MS;
      expect(d.busySharePeakHour / peakShare).toBeGreaterThan(0.95);
      expect(d.busySharePeakHour / peakShare).toBeLessThan(1.05);
    }
    expect(result.stores.reduce((sum, s) => sum + s.ordersPerDay, 0)).toBeCloseTo(4_000 * 4.499205338329423, 6);
  });

  it("queues as M/G/1 says when the rate holds still", () => {
    // A flat day on one database, 50% busy, of a 200 ms / 800 ms mix (few requests, so the test stays quick): the
    // simulated mean wait meets Pollaczek–Khinchine's, 1 × 340,000 / (2 × 0.5) / 1000 = 340 ms.
    const mix: MixPart[] = [
      { name: "short", perUnit: 1, serviceMs: 200 },
      { name: "long", perUnit: 1, serviceMs: 800 },
    ];
    const flat = simulateDay({
      ...INPUT,
      stores: 1,
      databases: 1,
      largestStoreOrdersPerDay: 43_200, // 1 request a second of 500 ms on average
      day: new Array(24).fill(1),
      mix,
      importReplicas: 0,
    });
    const { meanMs, secondMomentMs2 } = serviceMoments(mix);
    const requestsPerSecond = flat.databases[0]!.requestsPerDay / 86_400;
    const expected = meanWaitMs(requestsPerSecond, meanMs, secondMomentMs2);
    expect(flat.databases[0]!.busyShareDay).toBeCloseTo(0.5, 2);
    expect(flat.databases[0]!.waitsDay.meanMs / expected).toBeGreaterThan(0.95);
    expect(flat.databases[0]!.waitsDay.meanMs / expected).toBeLessThan(1.05);
  });

  it("makes the importing store's database wait out the import, and no other", () => {
    const { same, other, database, otherDatabase } = result.import;
    expect(otherDatabase).not.toBe(database);
    expect(same.requests).toBeGreaterThan(100);
    // A request arriving at a uniform moment of a 10 s import waits out the rest of it: median 5 s, at most 10 s
    // (and the little queue behind it).
    expect(same.p50Ms).toBeGreaterThan(4_500);
    expect(same.p50Ms).toBeLessThan(5_500);
    expect(same.maxMs).toBeGreaterThan(9_000);
    expect(same.maxMs).toBeLessThan(10_100);
    expect(same.pastTimeout / same.requests).toBeGreaterThan(0.4);
    expect(other.p99Ms).toBeLessThan(100);
    expect(other.pastTimeout).toBe(0);
  });
});
