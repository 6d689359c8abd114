/**
 * A store's day in its own time zone (the `timeZone` setting, an IANA name; UTC by default): where it starts and ends
 * as instants, and which hour of it an instant falls in. Days are not always 24 hours long: a zone that moves its
 * clocks has one of 23 hours and one of 25, and a few zones move them at midnight, so a day may start at 01:00.
 */

import { memoisedFormat } from "../date-format";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Today in a store's zone: its date (`2026-12-05`) and the instants it starts at and ends before (epoch ms). */
export interface LocalDay {
  date: string;
  start: number;
  end: number;
}

/** The zone's wall clock at `at`, written as if it were UTC: the zone's offset at `at` is this less `at`. */
function wallClock(at: number, timeZone: string): number {
  const parts = memoisedFormat(
    `wall|${timeZone}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      }),
  ).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) + (at % 1000);
}

const offsetAt = (at: number, timeZone: string) => wallClock(at, timeZone) - at;

/**
 * The first instant whose wall clock reads the day that starts at `midnight` (a wall clock written as UTC). The true
 * instant is `midnight` less the zone's offset then; an offset read a day either side covers a change near midnight,
 * and where the clocks skip midnight itself the day starts when they land after it.
 */
function startOf(midnight: number, timeZone: string): number {
  const candidates = [midnight - DAY, midnight, midnight + DAY].map((near) => midnight - offsetAt(near, timeZone));
  const inTheDay = candidates.filter((at) => wallClock(at, timeZone) >= midnight);
  return Math.min(...inTheDay);
}

/** The day `now` falls in, in `timeZone`. */
export function localDay(now: number, timeZone: string): LocalDay {
  const wall = wallClock(now, timeZone);
  const midnight = wall - (((wall % DAY) + DAY) % DAY);
  return {
    date: new Date(midnight).toISOString().slice(0, 10),
    start: startOf(midnight, timeZone),
    end: startOf(midnight + DAY, timeZone),
  };
}

/** The hour of the day (0–23) on the zone's clock at `at`. */
export function localHour(at: number, timeZone: string): number {
  return new Date(wallClock(at, timeZone)).getUTCHours();
}

/** How many whole hours `at` is after `start`: the slot the queries group a day's instants by. */
export const hourSlot = (at: number, start: number): number => Math.floor((at - start) / HOUR);

/** The instant a slot of the day starts at. */
export const slotStart = (slot: number, start: number): number => start + slot * HOUR;

/**
 * The day a date names (`2026-12-04`) in `timeZone`, or null for text that is no date. Noon UTC of the date falls on it
 * in zones up to 12 hours from UTC; the few further east or west are moved back onto it.
 */
export function dayOfDate(date: string, timeZone: string): LocalDay | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const noon = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(noon) || new Date(noon).toISOString().slice(0, 10) !== date) return null;
  const day = localDay(noon, timeZone);
  if (day.date === date) return day;
  return localDay(day.date < date ? noon + 12 * HOUR : noon - 12 * HOUR, timeZone);
}
