// A day of 50 stores over 4 databases, simulated: each database is one first-in-first-out server (D1 runs one query at
// a time per database; scripts/bench/d1-capacity.ts), fed by every request of the stores placed on it, each keeping it
// busy for its flow's measured database time. Deterministic: a seeded PRNG, no clock. A model, not a measurement:
// docs/benchmark.md ("One database and many") says which inputs are measured and which are chosen, and why.
import { prng } from "../generate-store";
import type { MixPart } from "./d1-capacity";
import { percentile } from "./stats";

const HOUR_MS = 3_600_000;

/**
 * The day's shape: a relative weight for the orders of each hour, 0:00 to 23:00 in the stores' time zone (IST). An
 * Indian food-delivery day: a small breakfast, a lunch peak (12:00–15:00), an afternoon dip, and a larger dinner peak
 * (19:00–23:00) whose busiest hour is 20:00. The two figures it is fitted to are public: dinner orders were about 29%
 * more than lunch orders on Swiggy in 2024 (its "How India Swiggy'd" report), and 20:00 is the busiest hour (Swiggy's
 * 2020 figures; Zomato's busiest minute of 2025 was 20:25). The rest of the curve is ours.
 */
export const FOOD_DELIVERY_DAY: readonly number[] = [
  1.5, 0.8, 0.4, 0.2, 0.2, 0.3, 0.8, 1.8, 2.6, 2.8, 2.4, 3.6, 7.0, 7.6, 5.4, 2.8, 2.6, 3.2, 4.6, 6.4, 8.4, 7.0, 4.0, 2.6,
];

export interface SimulationInput {
  seed: number;
  stores: number;
  databases: number;
  /** Orders a day of the largest store; store k (1 = largest) has largest ÷ k^zipfExponent. */
  largestStoreOrdersPerDay: number;
  zipfExponent: number;
  /** 24 relative weights (FOOD_DELIVERY_DAY): every store follows the same day, so their peaks meet. */
  day: readonly number[];
  /** The requests that reach a store's database per order, with their database time (d1-capacity.ts). */
  mix: MixPart[];
  /** The database time of one store's catalogue replace (60,000 products), run as one job. */
  importMs: number;
  /** How many peak hours with one import each are simulated for the import's waits. */
  importReplicas: number;
  /** A wait plus service past this is a request the shopper's client gives up on (the app's 5 s connectivity probe). */
  clientTimeoutMs: number;
}

export interface Job {
  /** Arrival, ms from the start of the day. */
  at: number;
  serviceMs: number;
  store: number;
}

/** Each job's wait in the queue, and the busy time in each hour of the day, of one FIFO server. */
export function fifo(jobs: Job[], hours = 24): { waits: number[]; busyMsByHour: number[] } {
  const waits: number[] = [];
  const busyMsByHour = new Array<number>(hours).fill(0);
  let free = 0;
  for (const job of jobs) {
    const start = Math.max(free, job.at);
    waits.push(start - job.at);
    free = start + job.serviceMs;
    // The busy interval [start, free) shared out over the hours it covers.
    for (let h = Math.floor(start / HOUR_MS); h < hours && h * HOUR_MS < free; h++) {
      busyMsByHour[h]! += Math.min(free, (h + 1) * HOUR_MS) - Math.max(start, h * HOUR_MS);
    }
  }
  return { waits, busyMsByHour };
}

/**
 * The database of each store (by index) when stores are created in `creationOrder`, each placed on the database with
 * the fewest stores so far (the lowest-numbered among equals): the default placement rule.
 */
export function placeFewestStores(creationOrder: number[], databases: number): number[] {
  const counts = new Array<number>(databases).fill(0);
  const placement = new Array<number>(creationOrder.length);
  for (const store of creationOrder) {
    const database = counts.indexOf(Math.min(...counts));
    placement[store] = database;
    counts[database]!++;
  }
  return placement;
}

/** Orders a day of each store, largest first, by Zipf's law. */
export function zipfOrders(stores: number, largest: number, exponent: number): number[] {
  return Array.from({ length: stores }, (_, k) => largest / (k + 1) ** exponent);
}

/** Poisson arrivals at `perMs` in [from, to), drawn from `random`. */
function arrivals(random: () => number, perMs: number, from: number, to: number): number[] {
  const times: number[] = [];
  if (!(perMs > 0)) return times;
  // Exponential gaps of mean 1 / perMs.
  const gap = () => -Math.log(1 - random()) / perMs;
  for (let t = from + gap(); t < to; t += gap()) times.push(t);
  return times;
}

export interface WaitSummary {
  requests: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests whose wait plus service passed the client's timeout. */
  pastTimeout: number;
}

export interface DatabaseDay {
  database: number;
  stores: number;
  ordersPerDay: number;
  requestsPerDay: number;
  /** Share of the day the database was busy, and of its busiest hour. */
  busyShareDay: number;
  busySharePeakHour: number;
  /** Waits in the queue over the whole day, and over its busiest hour. */
  waitsDay: WaitSummary;
  waitsPeakHour: WaitSummary;
}

export interface SimulationResult {
  /** Per store (by index, 0 = largest): orders a day and its database. */
  stores: { ordersPerDay: number; database: number }[];
  peakHour: number;
  databases: DatabaseDay[];
  /**
   * One store's catalogue replace during the peak hour, on the busiest database: the waits of the other stores'
   * requests that arrived while it ran, on that database and on the next busiest one (which the import does not touch).
   */
  import: { store: number; database: number; otherDatabase: number; importMs: number; same: WaitSummary; other: WaitSummary };
  /** By how much every store's orders could grow before the busiest database is busy 70% of its peak hour. */
  growthTo70PercentAtPeak: number;
}

function summary(waits: number[], services: number[], timeoutMs: number): WaitSummary {
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    requests: waits.length,
    meanMs: waits.reduce((a, b) => a + b, 0) / waits.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    pastTimeout: waits.filter((wait, i) => wait + services[i]! > timeoutMs).length,
  };
}

/** The requests of `stores` (indices) over [from, to), merged in arrival order. */
function storeJobs(random: () => number, input: SimulationInput, orders: number[], stores: number[], from: number, to: number): Job[] {
  const weightSum = input.day.reduce((a, b) => a + b, 0);
  const jobs: Job[] = [];
  for (let h = Math.floor(from / HOUR_MS); h * HOUR_MS < to; h++) {
    const start = Math.max(from, h * HOUR_MS);
    const end = Math.min(to, (h + 1) * HOUR_MS);
    for (const store of stores) {
      const ordersPerMs = (orders[store]! * input.day[h]!) / weightSum / HOUR_MS;
      for (const part of input.mix) {
        for (const at of arrivals(random, ordersPerMs * part.perUnit, start, end)) jobs.push({ at, serviceMs: part.serviceMs, store });
      }
    }
  }
  return jobs.sort((a, b) => a.at - b.at);
}

export function simulateDay(input: SimulationInput): SimulationResult {
  if (input.day.length !== 24) throw new Error(`the day needs 24 hourly weights, got ${input.day.length}`);
  const random = prng(input.seed);
  const orders = zipfOrders(input.stores, input.largestStoreOrdersPerDay, input.zipfExponent);
  // Stores are created in no order of size: a shuffle (Fisher–Yates) of the indices.
  const creation = Array.from({ length: input.stores }, (_, i) => i);
  for (let i = creation.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [creation[i], creation[j]] = [creation[j]!, creation[i]!];
  }
  const placement = placeFewestStores(creation, input.databases);
  const onDatabase = (d: number) => placement.flatMap((database, store) => (database === d ? [store] : []));
  const peakHour = input.day.indexOf(Math.max(...input.day));
  const peak = (jobs: Job[], waits: number[]): [number[], number[]] => {
    const inPeak = jobs.flatMap((job, i) => (Math.floor(job.at / HOUR_MS) === peakHour ? [i] : []));
    return [inPeak.map((i) => waits[i]!), inPeak.map((i) => jobs[i]!.serviceMs)];
  };

  const databases: DatabaseDay[] = [];
  for (let d = 0; d < input.databases; d++) {
    const jobs = storeJobs(random, input, orders, onDatabase(d), 0, 24 * HOUR_MS);
    const { waits, busyMsByHour } = fifo(jobs);
    databases.push({
      database: d,
      stores: onDatabase(d).length,
      ordersPerDay: onDatabase(d).reduce((sum, store) => sum + orders[store]!, 0),
      requestsPerDay: jobs.length,
      busyShareDay: busyMsByHour.reduce((a, b) => a + b, 0) / (24 * HOUR_MS),
      busySharePeakHour: busyMsByHour[peakHour]! / HOUR_MS,
      waitsDay: summary(
        waits,
        jobs.map((job) => job.serviceMs),
        input.clientTimeoutMs,
      ),
      waitsPeakHour: summary(...peak(jobs, waits), input.clientTimeoutMs),
    });
  }

  // The import: on the busiest database, by its smallest store; the other database is the next busiest.
  const byLoad = [...databases].sort((a, b) => b.busySharePeakHour - a.busySharePeakHour);
  const busiest = byLoad[0]!.database;
  const other = byLoad[1]?.database ?? busiest;
  const importer = onDatabase(busiest).at(-1)!;
  const peakStart = peakHour * HOUR_MS;
  const same = { waits: [] as number[], services: [] as number[] };
  const apart = { waits: [] as number[], services: [] as number[] };
  const collect = (into: typeof same, jobs: Job[], waits: number[], t0: number) => {
    jobs.forEach((job, i) => {
      if (job.store !== importer && job.at >= t0 && job.at < t0 + input.importMs) {
        into.waits.push(waits[i]!);
        into.services.push(job.serviceMs);
      }
    });
  };
  for (let r = 0; r < input.importReplicas; r++) {
    const t0 = peakStart + random() * Math.max(0, HOUR_MS - input.importMs);
    const withImport = storeJobs(random, input, orders, onDatabase(busiest), peakStart, peakStart + HOUR_MS);
    const after = withImport.findIndex((job) => job.at > t0);
    withImport.splice(after === -1 ? withImport.length : after, 0, { at: t0, serviceMs: input.importMs, store: importer });
    collect(same, withImport, fifo(withImport).waits, t0);
    const otherJobs = storeJobs(random, input, orders, onDatabase(other), peakStart, peakStart + HOUR_MS);
    collect(apart, otherJobs, fifo(otherJobs).waits, t0);
  }

  return {
    stores: orders.map((ordersPerDay, store) => ({ ordersPerDay, database: placement[store]! })),
    peakHour,
    databases,
    import: {
      store: importer,
      database: busiest,
      otherDatabase: other,
      importMs: input.importMs,
      same: summary(same.waits, same.services, input.clientTimeoutMs),
      other: summary(apart.waits, apart.services, input.clientTimeoutMs),
    },
    growthTo70PercentAtPeak: 0.7 / byLoad[0]!.busySharePeakHour,
  };
}
