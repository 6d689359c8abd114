import { describe, expect, it } from "vitest";
import { localTime } from "../../commerce/branch-areas";
import { formatStoreDate, isTimeZone } from "../../commerce/date-format";

describe("memoised date formatting", () => {
  const iso = "2026-11-02T18:45:00.000Z";

  it("formats as toLocaleString does, in the store's zone and locale, again and again", () => {
    for (const [locale, timeZone] of [
      ["en-IN", "Asia/Kolkata"],
      ["de-DE", "Europe/Berlin"],
      ["en-IN", "Asia/Kolkata"],
    ] as const) {
      for (const withTime of [false, true, false]) {
        const expected = new Date(iso).toLocaleString(locale, {
          day: "numeric",
          month: "short",
          year: "numeric",
          ...(withTime ? { hour: "numeric", minute: "2-digit" } : {}),
          timeZone,
        });
        expect(formatStoreDate(iso, { locale, timeZone, withTime })).toBe(expected);
      }
    }
  });

  it("keeps no formatter for an unknown time zone, and still throws for it", () => {
    expect(() => formatStoreDate(iso, { locale: "en", timeZone: "Nowhere/Atlantis" })).toThrow(RangeError);
    expect(() => localTime(new Date(iso), "Nowhere/Atlantis")).toThrow(RangeError);
    expect(localTime(new Date(iso), "Asia/Kolkata")).toEqual({ weekday: "tue", minute: 15 });
  });
});

describe("isTimeZone", () => {
  it("knows IANA names and refuses the rest", () => {
    expect(["Asia/Kolkata", "Europe/Berlin", "UTC"].map(isTimeZone)).toEqual([true, true, true]);
    expect(["Mars/Olympus", "", "Asia/Kolkata; DROP"].map(isTimeZone)).toEqual([false, false, false]);
  });
});
