import type { DbMeter } from "./metered-db";

/**
 * The `Server-Timing` entry an owner sees in the browser's network panel: the time the request had a database call in
 * flight, its calls and the round trips it waited on one after another. Counts only: no query text, no shopper data.
 */
export function dbServerTiming(meter: Pick<DbMeter, "calls" | "roundTrips" | "ms">): string {
  return `db;dur=${meter.ms.toFixed(1)};desc="${meter.calls} queries, ${meter.roundTrips} round trips"`;
}
