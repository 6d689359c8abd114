import { describe, expect, it } from "vitest";
import { hourSlot, localDay, localHour } from "../../commerce/desk/local-day";
import { shapeToday, type TodayRows, type TopProduct } from "../../commerce/desk/today-numbers";

const iso = (at: number) => new Date(at).toISOString();
const hours = (day: { start: number; end: number }) => (day.end - day.start) / 3_600_000;

describe("a store's day in its own time zone", () => {
  it("starts at the zone's midnight and lasts 24 hours on an ordinary day", () => {
    const utc = localDay(Date.parse("2026-12-05T10:00:00Z"), "UTC");
    expect([utc.date, iso(utc.start), iso(utc.end)]).toEqual(["2026-12-05", "2026-12-05T00:00:00.000Z", "2026-12-06T00:00:00.000Z"]);
    // 23:59 in Kolkata is still the 5th; a minute later it is the 6th.
    const late = localDay(Date.parse("2026-12-05T18:29:59Z"), "Asia/Kolkata");
    expect([late.date, iso(late.start), iso(late.end)]).toEqual(["2026-12-05", "2026-12-04T18:30:00.000Z", "2026-12-05T18:30:00.000Z"]);
    const next = localDay(Date.parse("2026-12-05T18:30:00Z"), "Asia/Kolkata");
    expect([next.date, iso(next.start)]).toEqual(["2026-12-06", "2026-12-05T18:30:00.000Z"]);
    // West of UTC, the evening is still yesterday there.
    expect(localDay(Date.parse("2026-12-05T03:00:00Z"), "America/New_York").date).toBe("2026-12-04");
  });

  it("has 23 hours when the clocks go forward and 25 when they go back", () => {
    const spring = localDay(Date.parse("2026-03-29T12:00:00Z"), "Europe/Berlin");
    expect([iso(spring.start), hours(spring)]).toEqual(["2026-03-28T23:00:00.000Z", 23]);
    const autumn = localDay(Date.parse("2026-10-25T12:00:00Z"), "Europe/Berlin");
    expect([iso(autumn.start), hours(autumn)]).toEqual(["2026-10-24T22:00:00.000Z", 25]);
  });

  it("starts when the clocks land where a zone skips midnight itself, and after the repeat where it lives midnight again", () => {
    // Chile goes from 00:00 straight to 01:00 on the first Sunday of September: the day starts at that jump.
    const skipped = localDay(Date.parse("2026-09-06T12:00:00Z"), "America/Santiago");
    expect([skipped.date, iso(skipped.start), hours(skipped)]).toEqual(["2026-09-06", "2026-09-06T04:00:00.000Z", 23]);
    expect(localHour(skipped.start, "America/Santiago")).toBe(1);
    // ...and from 00:00 back to 23:00 of the day before in April: the day starts at the midnight that stays.
    const repeated = localDay(Date.parse("2026-04-05T12:00:00Z"), "America/Santiago");
    expect([iso(repeated.start), hours(repeated)]).toEqual(["2026-04-05T04:00:00.000Z", 24]);
    expect(localHour(repeated.start, "America/Santiago")).toBe(0);
  });

  it("reads the hour on the zone's clock, half-hour zones included", () => {
    expect(localHour(Date.parse("2026-12-05T08:45:00Z"), "Asia/Kolkata")).toBe(14);
    expect(localHour(Date.parse("2026-12-05T08:45:00Z"), "UTC")).toBe(8);
    const day = localDay(Date.parse("2026-12-05T08:45:00Z"), "Asia/Kolkata");
    expect(hourSlot(Date.parse("2026-12-05T08:45:00Z"), day.start)).toBe(14);
  });
});

const product = (productId: number, units: number, revenue: number): TopProduct => ({ productId, name: `P${productId}`, units, revenue });
const rows = (changes: Partial<TodayRows> = {}): TodayRows => ({
  slots: [],
  topByUnits: [],
  topByRevenue: [],
  refunds: { count: 0, amount: 0 },
  ...changes,
});

/** Rows with these [slot, orders, revenue] hours and nothing else. */
const slots = (...figures: [slot: number, orders: number, revenue: number][]) =>
  rows({ slots: figures.map(([slot, orders, revenue]) => ({ slot, orders, revenue })) });

describe("today's numbers, shaped", () => {
  const kolkata = localDay(Date.parse("2026-12-05T08:00:00Z"), "Asia/Kolkata");

  it("fills every hour from 0 to 23, with zeros where nothing sold, and totals them", () => {
    const today = shapeToday(kolkata, "Asia/Kolkata", slots([9, 2, 50_000], [13, 1, 19_999]));
    expect(today.hours).toHaveLength(24);
    expect(today.hours.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(today.hours[9]).toEqual({ hour: 9, orders: 2, revenue: 50_000 });
    expect(today.hours[13]).toEqual({ hour: 13, orders: 1, revenue: 19_999 });
    expect(today.hours.filter((h) => h.orders === 0)).toHaveLength(22);
    expect([today.date, today.orders, today.revenue]).toEqual(["2026-12-05", 3, 69_999]);
  });

  it("rounds the average order to the minor unit, and has none before the first order", () => {
    expect(shapeToday(kolkata, "Asia/Kolkata", slots([1, 3, 10_000])).averageOrder).toBe(3_333);
    expect(shapeToday(kolkata, "Asia/Kolkata", slots([1, 2, 10_001])).averageOrder).toBe(5_001);
    const empty = shapeToday(kolkata, "Asia/Kolkata", rows({ refunds: { count: 1, amount: 500 } }));
    expect([empty.orders, empty.revenue, empty.averageOrder, empty.refunds]).toEqual([0, 0, null, { count: 1, amount: 500 }]);
  });

  it("puts a slot in the hour it starts in on the zone's clock: the skipped hour stays empty, the repeated one holds both", () => {
    const spring = localDay(Date.parse("2026-03-29T12:00:00Z"), "Europe/Berlin");
    // Slot 2 of that day starts at 03:00 summer time.
    const forward = shapeToday(spring, "Europe/Berlin", slots([2, 1, 100], [22, 1, 100]));
    expect([forward.hours[2]!.orders, forward.hours[3]!.orders, forward.hours[23]!.orders]).toEqual([0, 1, 1]);
    const autumn = localDay(Date.parse("2026-10-25T12:00:00Z"), "Europe/Berlin");
    // Slots 2 and 3 both start at 02:00 (summer, then winter time); slot 24 is 23:00.
    const back = shapeToday(autumn, "Europe/Berlin", slots([2, 1, 100], [3, 1, 100], [24, 1, 100]));
    expect([back.hours[2]!.orders, back.hours[3]!.orders, back.hours[23]!.orders, back.orders]).toEqual([2, 0, 1, 3]);
  });

  it("keeps at most five products in each top list, in the order given", () => {
    const many = Array.from({ length: 7 }, (_, i) => product(i + 1, 10 - i, 1000 * (i + 1)));
    const today = shapeToday(
      kolkata,
      "Asia/Kolkata",
      rows({ slots: [{ slot: 0, orders: 1, revenue: 1 }], topByUnits: many, topByRevenue: [...many].reverse() }),
    );
    expect(today.topByUnits.map((p) => p.productId)).toEqual([1, 2, 3, 4, 5]);
    expect(today.topByRevenue.map((p) => p.productId)).toEqual([7, 6, 5, 4, 3]);
  });
});
