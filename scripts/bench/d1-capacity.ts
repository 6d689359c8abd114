// What one D1 database can carry, and what more of them give: a model, not a measurement. Its inputs are the database
// time each flow keeps the primary busy (measured from Server-Timing by scripts/bench/one-database.ts); the model is
// D1's documented behaviour: "Each individual D1 database is inherently single-threaded, and processes queries one at
// a time. Your maximum throughput is directly related to the duration of your queries."
// (https://developers.cloudflare.com/d1/platform/limits/, "Concurrency and throughput"). Pure functions; times in ms.

/** One kind of request in a mix: how many of it come with each unit of work (an order), and its database time. */
export interface MixPart {
  name: string;
  /** Requests of this kind per unit (per order, with the browsing and abandoned carts that come with it). */
  perUnit: number;
  /** Mean database time of one request, ms. */
  serviceMs: number;
}

/** The most requests a second one database serves when every request keeps it busy `serviceMs`: 1 / service time. */
export function perSecond(serviceMs: number): number {
  if (!(serviceMs > 0)) throw new Error(`a service time must be positive, got ${serviceMs}`);
  return 1000 / serviceMs;
}

/** The database time one unit of the mix costs: Σ requests per unit × their service time. */
export function busyMsPerUnit(mix: MixPart[]): number {
  return mix.reduce((sum, part) => sum + part.perUnit * part.serviceMs, 0);
}

/** Units a second (orders, with everything that comes with each) that keep one database busy `utilisation` of the time. */
export function unitsPerSecond(mix: MixPart[], utilisation = 1): number {
  return (utilisation * 1000) / busyMsPerUnit(mix);
}

/** The mix's requests as one stream: mean service time E[S] and its second moment E[S²], each request weighted alike. */
export function serviceMoments(mix: MixPart[]): { meanMs: number; secondMomentMs2: number } {
  const requests = mix.reduce((sum, part) => sum + part.perUnit, 0);
  if (!(requests > 0)) throw new Error("a mix needs at least one request");
  return {
    meanMs: busyMsPerUnit(mix) / requests,
    secondMomentMs2: mix.reduce((sum, part) => sum + part.perUnit * part.serviceMs ** 2, 0) / requests,
  };
}

/**
 * The platform's ceiling with several databases, each store on exactly one: the busiest database fills first, so the
 * platform carries one database's ceiling ÷ the busiest database's share of the load. With N databases evenly loaded
 * (shares 1/N each) that is N × one database; with uneven shares, less. Assumes no query spans two databases and no
 * store needs more than one database (a store whose own load passes one database's ceiling is not helped by more).
 */
export function platformPerSecond(onePerSecond: number, loadShares: number[]): number {
  const total = loadShares.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new Error("the load shares must add up to more than 0");
  return (onePerSecond * total) / Math.max(...loadShares);
}

/**
 * Mean wait in the queue (before service) of one database at `perSecondArrivals`, by the Pollaczek–Khinchine formula
 * for an M/G/1 queue: Wq = λ·E[S²] / (2·(1 − ρ)), ρ = λ·E[S]. M/G/1 because requests come from many shoppers acting
 * independently (Poisson arrivals), D1 serves them one at a time in order (one server, FIFO), and their service times
 * are neither constant nor exponential but the mix's own (general). Infinity at or past saturation (ρ ≥ 1).
 */
export function meanWaitMs(perSecondArrivals: number, meanMs: number, secondMomentMs2: number): number {
  const lambdaPerMs = perSecondArrivals / 1000;
  const rho = lambdaPerMs * meanMs;
  return rho >= 1 ? Number.POSITIVE_INFINITY : (lambdaPerMs * secondMomentMs2) / (2 * (1 - rho));
}

/** M/D/1 (every request the same `serviceMs`): Wq = ρ·S / (2·(1 − ρ)); the M/G/1 case with E[S²] = S². */
export function md1WaitMs(perSecondArrivals: number, serviceMs: number): number {
  return meanWaitMs(perSecondArrivals, serviceMs, serviceMs ** 2);
}

/** M/M/1 (exponential service of mean `serviceMs`): Wq = ρ·S / (1 − ρ), twice M/D/1's; the M/G/1 case with E[S²] = 2S². */
export function mm1WaitMs(perSecondArrivals: number, serviceMs: number): number {
  return meanWaitMs(perSecondArrivals, serviceMs, 2 * serviceMs ** 2);
}
