import { memoisedFormat } from "./date-format";
import { haversineMetres, isPoint, type Point } from "./geo";

/**
 * Where and when a branch serves (decision 032): the pure rules the branch choice, the location drawer and the cart
 * all ask, so they always agree.
 */

/** Opening hours per weekday, each a list of [opens, closes] as "HH:MM"; a close at or before the open runs past midnight. */
export type WeeklyHours = Partial<Record<Weekday, [string, string][]>>;
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface BranchArea {
  latitude: number | null;
  longitude: number | null;
  /** The circle around the branch; null: no circle. */
  radiusMetres: number | null;
  /** [latitude, longitude] corners; when given it is the area and the circle is not consulted. */
  polygon: [number, number][] | null;
}

/** Ray casting in the plane of latitude and longitude: exact enough for a delivery zone a few kilometres across. */
export function insidePolygon(polygon: [number, number][], point: Point): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [latI, lngI] = polygon[i]!;
    const [latJ, lngJ] = polygon[j]!;
    const crosses = lngI > point.longitude !== lngJ > point.longitude;
    if (crosses && point.latitude < ((latJ - latI) * (point.longitude - lngI)) / (lngJ - lngI) + latI) inside = !inside;
  }
  return inside;
}

/**
 * Whether a point is inside the branch's delivery area. A branch with neither polygon nor radius has no area of its
 * own (its delivery slabs decide); one with a radius but no position of its own serves nowhere by area.
 */
export function insideArea(area: BranchArea, point: Point): boolean {
  if (area.polygon) return insidePolygon(area.polygon, point);
  if (area.radiusMetres === null) return true;
  return isPoint(area) && haversineMetres(area, point) <= area.radiusMetres;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday and minute of the day at `at` in a time zone (IANA name). */
export function localTime(at: Date, timeZone: string): { weekday: Weekday; minute: number } {
  const parts = memoisedFormat(
    `clock|${timeZone}`,
    () => new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  ).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = part("weekday").slice(0, 3).toLowerCase() as Weekday;
  return { weekday, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/** Open at `at`? Null hours: always open. A span that closes after midnight counts on the next morning too. */
export function openAt(hours: WeeklyHours | null, timeZone: string, at: Date): boolean {
  if (hours === null) return true;
  const { weekday, minute } = localTime(at, timeZone);
  const today = WEEKDAYS.indexOf(weekday);
  const yesterday = WEEKDAYS[(today + 6) % 7]!;
  const spans = (day: Weekday) => hours[day] ?? [];
  const openToday = spans(weekday).some(([opens, closes]) => {
    const from = minutesOf(opens);
    const to = minutesOf(closes);
    return to > from ? minute >= from && minute < to : minute >= from;
  });
  const openFromYesterday = spans(yesterday).some(([opens, closes]) => minutesOf(closes) <= minutesOf(opens) && minute < minutesOf(closes));
  return openToday || openFromYesterday;
}
