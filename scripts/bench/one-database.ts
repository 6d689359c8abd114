// "One database and many" (docs/benchmark.md): the database time each shopper flow and one catalogue replace keep the
// primary busy, from the Worker's own Server-Timing, one request at a time, beside the plain route; then, from those
// figures, what one database can carry, what N give, and a simulated day of 50 stores on 4 databases
// (scripts/bench/d1-capacity.ts, scripts/bench/d1-simulation.ts). Another store is read throughout each replace.
//
//   tsx scripts/bench/one-database.ts <origin> <key of the replaced store>
// measures a server already started with `--var BENCH_DB=1 --import .bench/stores/bench-60k.json` (the key from
// `npm run store:api-key -- --store bench-60k`); `npm run bench` does all of it.
import { readFileSync } from "node:fs";
import { columns } from "./columns";
import { busyMsPerUnit, type MixPart, meanWaitMs, perSecond, platformPerSecond, serviceMoments, unitsPerSecond } from "./d1-capacity";
import { FOOD_DELIVERY_DAY, type SimulationInput, type SimulationResult, simulateDay } from "./d1-simulation";
import { type FlowRole, sampleFlows } from "./distance";
import { dbTiming, send } from "./http";
import { CATALOGUE_REPLACE, OTHER_STORE_REQUESTS, REPLACE_CLIENT_TIMEOUT_MS, replaceStore, type Watch, watchWhile } from "./replace";
import { percentile } from "./stats";
import { ensureGeneratedStores } from "./stores";

const ITERATIONS = Number(process.env.BENCH_D1_ITERATIONS ?? 20);
const REPLACES = Number(process.env.BENCH_D1_REPLACES ?? 3);
const PLAIN = { host: "food.localhost", path: "/healthz" };
const ROLE_LABEL: Record<FlowRole, string> = {
  read: "primary read (signed-in page)",
  cart: "cart change",
  "sign-in": "sign in",
  order: "place order",
  pay: "pay step",
  "pay-result": "payment result",
};

/**
 * What reaches a store's database for each order placed, browsing and abandoned carts included: chosen, not measured
 * (docs/benchmark.md says why). Reads are counted as the primary's: with read replicas many would not be.
 */
export const PER_ORDER: Record<FlowRole, number> = {
  read: 12,
  cart: 8,
  "sign-in": 0.3,
  order: 1,
  pay: 0.6,
  "pay-result": 0.6,
};

/** The simulated platform, apart from the measured service times. */
export const SIMULATED_DAY: Omit<SimulationInput, "mix" | "importMs"> = {
  seed: 1,
  stores: 50,
  databases: 4,
  largestStoreOrdersPerDay: 4_000,
  zipfExponent: 1,
  day: FOOD_DELIVERY_DAY,
  importReplicas: 100,
  clientTimeoutMs: 5_000,
};

interface Spread {
  requests: number;
  p50Ms: number;
  p90Ms: number;
  meanMs: number;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    requests: values.length,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    meanMs: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

export interface FlowDb {
  flow: string;
  role?: FlowRole;
  /** Server-Timing's database time. */
  db: Spread;
  /** At the client, the whole request. */
  wall: Spread;
  calls: number;
  chain: number;
}

export interface OneDatabaseReport {
  iterations: number;
  /** The plain route, one request at a time in the same run: no tenant, no storage (its database time is 0). */
  plain: { path: string; wall: Spread; dbMs: number };
  flows: FlowDb[];
  replace: {
    products: number;
    runs: { status: number; ms: number; dbMs: number; calls: number; roundTrips: number }[];
    db: Spread;
    /** The other store's requests during the replaces. */
    watched: { requests: number; sentDuring: number; failed: Watch["failed"]; wall: Spread; maxMs: number; timeoutMs: number };
  };
  /** Mean database time of each kind of request (the mean over its flows' requests), and one database's ceiling for it alone. */
  roles: { role: FlowRole; label: string; perOrder: number; serviceMs: number; perSecond: number }[];
  mix: {
    busyMsPerOrder: number;
    meanServiceMs: number;
    /** Orders a second (with their reads, cart changes, sign-ins and payments) that fill one database. */
    ordersPerSecond: number;
    /** Mean queueing wait (M/G/1) at these shares of one database's time. */
    waits: { utilisation: number; ordersPerSecond: number; meanWaitMs: number }[];
    /** N databases, stores spread evenly: N × one. */
    platform: { databases: number; ordersPerSecond: number }[];
  };
  simulation: { input: SimulationInput; result: SimulationResult; platformOrdersPerSecond: number };
}

async function plainRoute(baseUrl: string, iterations: number): Promise<OneDatabaseReport["plain"]> {
  const walls: number[] = [];
  let dbMs = 0;
  for (let i = 0; i <= iterations; i++) {
    const started = performance.now();
    const response = await send("GET", `${baseUrl}${PLAIN.path}`, { Host: PLAIN.host });
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${PLAIN.path} answered ${response.status}`);
    dbMs = Math.max(dbMs, dbTiming(response.headers["server-timing"])?.ms ?? 0);
    if (i > 0) walls.push(ms); // the first warms the connection and the isolate
  }
  return { path: PLAIN.path, wall: spread(walls), dbMs };
}

async function replaces(baseUrl: string, key: string, count: number): Promise<OneDatabaseReport["replace"]> {
  const [file] = ensureGeneratedStores([CATALOGUE_REPLACE]);
  const body = readFileSync(file!, "utf8");
  const runs: OneDatabaseReport["replace"]["runs"] = [];
  const watched: Watch[] = [];
  for (let i = 0; i < count; i++) {
    process.stderr.write(`  replace ${i + 1} of ${count} (${CATALOGUE_REPLACE.products} products) … `);
    const { result, watch } = await watchWhile(baseUrl, OTHER_STORE_REQUESTS, REPLACE_CLIENT_TIMEOUT_MS, () =>
      replaceStore(baseUrl, CATALOGUE_REPLACE.host, key, body),
    );
    if (result.status !== 200 || !result.db)
      throw new Error(`PUT /api/admin/store answered ${result.status}: ${result.text.slice(0, 300)}`);
    process.stderr.write(`${(result.ms / 1000).toFixed(1)} s, database ${(result.db.ms / 1000).toFixed(1)} s\n`);
    runs.push({ status: result.status, ms: result.ms, dbMs: result.db.ms, calls: result.db.calls, roundTrips: result.db.roundTrips });
    watched.push(watch);
  }
  const requests = watched.flatMap((w) => w.requests);
  return {
    products: CATALOGUE_REPLACE.products,
    runs,
    db: spread(runs.map((r) => r.dbMs)),
    watched: {
      requests: requests.length,
      sentDuring: watched.reduce((n, w) => n + w.sentDuring, 0),
      failed: watched.flatMap((w) => w.failed),
      wall: spread(requests.map((r) => r.ms)),
      maxMs: Math.max(...watched.map((w) => w.maxMs)),
      timeoutMs: REPLACE_CLIENT_TIMEOUT_MS,
    },
  };
}

/** The model and the simulation, from measured per-flow database times (pure: the unit tests feed it fixed figures). */
export function model(flows: Pick<FlowDb, "role" | "db">[], importMs: number): Pick<OneDatabaseReport, "roles" | "mix" | "simulation"> {
  const roles = (Object.keys(PER_ORDER) as FlowRole[]).map((role) => {
    const mine = flows.filter((f) => f.role === role);
    if (mine.length === 0) throw new Error(`no measured flow stands for ${role}`);
    // The mean over the requests of every flow of this kind (the flows have as many requests each).
    const serviceMs = mine.reduce((sum, f) => sum + f.db.meanMs, 0) / mine.length;
    return { role, label: ROLE_LABEL[role], perOrder: PER_ORDER[role], serviceMs, perSecond: perSecond(serviceMs) };
  });
  const parts: MixPart[] = roles.map((r) => ({ name: r.role, perUnit: r.perOrder, serviceMs: r.serviceMs }));
  const requestsPerOrder = parts.reduce((sum, p) => sum + p.perUnit, 0);
  const { meanMs, secondMomentMs2 } = serviceMoments(parts);
  const ordersPerSecond = unitsPerSecond(parts);
  const input: SimulationInput = { ...SIMULATED_DAY, mix: parts, importMs };
  const result = simulateDay(input);
  return {
    roles,
    mix: {
      busyMsPerOrder: busyMsPerUnit(parts),
      meanServiceMs: meanMs,
      ordersPerSecond,
      waits: [0.5, 0.7, 0.9].map((utilisation) => ({
        utilisation,
        ordersPerSecond: utilisation * ordersPerSecond,
        meanWaitMs: meanWaitMs(utilisation * ordersPerSecond * requestsPerOrder, meanMs, secondMomentMs2),
      })),
      platform: [1, 2, 4, 8, 16].map((databases) => ({
        databases,
        ordersPerSecond: platformPerSecond(ordersPerSecond, new Array(databases).fill(1)),
      })),
    },
    simulation: {
      input,
      result,
      // The simulated placement's databases carry uneven loads: the busiest fills first.
      platformOrdersPerSecond: platformPerSecond(
        ordersPerSecond,
        result.databases.map((d) => d.ordersPerDay),
      ),
    },
  };
}

/** Measures every flow and the replaces against the server at `baseUrl`, then models from them. */
export async function measureOneDatabase(baseUrl: string, replaceKey: string): Promise<OneDatabaseReport> {
  process.stderr.write(`  the plain route and every flow, ${ITERATIONS} requests each, one at a time … `);
  const plain = await plainRoute(baseUrl, ITERATIONS);
  const flows: FlowDb[] = (await sampleFlows(baseUrl, ITERATIONS, [0])).map(({ flow, at }) => ({
    flow: flow.flow,
    role: flow.role,
    db: spread(at[0]!.map((m) => m.dbMs)),
    wall: spread(at[0]!.map((m) => m.ms)),
    calls: Math.max(...at[0]!.map((m) => m.calls)),
    chain: Math.max(...at[0]!.map((m) => m.chain)),
  }));
  process.stderr.write("done\n");
  const replace = await replaces(baseUrl, replaceKey, REPLACES);
  return { iterations: ITERATIONS, plain, flows, replace, ...model(flows, replace.db.meanMs) };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rate = (value: number) => (value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(1));
const share = (value: number) => `${(value * 100).toFixed(value < 0.1 ? 2 : 1)}%`;

function table(header: string[], rows: string[][]): void {
  console.log(columns(header, rows, 1, "  "));
}

export function printOneDatabase(report: OneDatabaseReport | undefined): void {
  console.log("\nOne database and many (measured: database time from Server-Timing, one request at a time):");
  if (!report) {
    console.log("  skipped (BENCH_D1=0)");
    return;
  }
  const plainMs = report.plain.wall.p50Ms;
  console.log(
    `  plain route GET ${report.plain.path}: p50 ${ms(plainMs)} ms at the client, database ${report.plain.dbMs} ms ` +
      `(${report.plain.wall.requests} requests); ×plain divides by its p50`,
  );
  const { replace } = report;
  const rows = [
    ...report.flows.map((f) => [
      f.flow,
      String(f.calls),
      String(f.chain),
      ms(f.db.p50Ms),
      ms(f.db.p90Ms),
      ms(f.db.meanMs),
      `×${(f.db.p50Ms / plainMs).toFixed(1)}`,
      ms(f.wall.p50Ms),
      `×${(f.wall.p50Ms / plainMs).toFixed(1)}`,
    ]),
    [
      `catalogue replace (${replace.products.toLocaleString("en-US")} products, PUT /api/admin/store)`,
      String(Math.max(...replace.runs.map((r) => r.calls))),
      String(Math.max(...replace.runs.map((r) => r.roundTrips))),
      ms(replace.db.p50Ms),
      ms(replace.db.p90Ms),
      ms(replace.db.meanMs),
      `×${(replace.db.p50Ms / plainMs).toFixed(0)}`,
      ms(
        percentile(
          replace.runs.map((r) => r.ms).sort((a, b) => a - b),
          50,
        ),
      ),
      "",
    ],
  ];
  table(["request", "calls", "chain", "db p50 ms", "db p90 ms", "db mean ms", "db ×plain", "p50 ms", "×plain"], rows);
  const w = replace.watched;
  console.log(
    `  another store during the ${replace.runs.length} replaces: ${w.requests} requests (${w.sentDuring} sent while one ran), ` +
      `${w.failed.length} failed or past ${w.timeoutMs / 1000} s; p50 ${ms(w.wall.p50Ms)} ms, longest ${ms(w.maxMs)} ms ` +
      "(the local runtime serves every store from one thread)",
  );
  for (const f of w.failed)
    console.log(`    FAILED ${f.method} ${f.host}${f.path} sent at ${ms(f.sentMs)} ms: ${f.error ?? `status ${f.status}`}`);

  console.log("\nWhat one database carries (modelled: one query at a time, ceiling = 1 / database time):");
  table(
    ["request", "db mean ms", "alone per s", "per order"],
    report.roles.map((r) => [r.label, ms(r.serviceMs), rate(r.perSecond), String(r.perOrder)]),
  );
  const { mix } = report;
  console.log(
    `  per order, with its reads, cart changes, sign-ins and payments: ${ms(mix.busyMsPerOrder)} ms of database time, ` +
      `so one database fills at ${rate(mix.ordersPerSecond)} orders/s (${rate(mix.ordersPerSecond * 3600)} an hour)`,
  );
  console.log(
    `  mean queueing wait (M/G/1): ${mix.waits.map((x) => `${share(x.utilisation)} busy (${rate(x.ordersPerSecond)} orders/s) ${ms(x.meanWaitMs)} ms`).join("; ")}`,
  );
  console.log(
    `  N databases, stores spread evenly: ${mix.platform.map((p) => `${p.databases}: ${rate(p.ordersPerSecond)} orders/s`).join(", ")}`,
  );

  const { input, result, platformOrdersPerSecond } = report.simulation;
  const total = result.stores.reduce((sum, s) => sum + s.ordersPerDay, 0);
  console.log(
    `\nA simulated day (modelled): ${input.stores} stores on ${input.databases} databases, ${rate(total)} orders a day ` +
      `(largest store ${rate(input.largestStoreOrdersPerDay)}, Zipf ${input.zipfExponent}), food-delivery hours, peak ${result.peakHour}:00:`,
  );
  table(
    ["database", "stores", "orders/day", "busy (day)", "busy (peak hour)", "peak wait p50 ms", "p99 ms", "day p99 ms"],
    result.databases.map((d) => [
      `#${d.database}`,
      String(d.stores),
      rate(d.ordersPerDay),
      share(d.busyShareDay),
      share(d.busySharePeakHour),
      ms(d.waitsPeakHour.p50Ms),
      ms(d.waitsPeakHour.p99Ms),
      ms(d.waitsDay.p99Ms),
    ]),
  );
  const imp = result.import;
  const line = (label: string, s: typeof imp.same) =>
    `  ${label}: ${s.requests} requests, wait p50 ${ms(s.p50Ms)} ms, p99 ${ms(s.p99Ms)} ms, longest ${ms(s.maxMs)} ms; ` +
    `${s.pastTimeout} past the ${input.clientTimeoutMs / 1000} s client timeout`;
  console.log(
    `  one store's ${replace.products.toLocaleString("en-US")}-product replace (${ms(imp.importMs)} ms of database time, as measured) ` +
      `at the peak, ${input.importReplicas} times, on database #${imp.database}; other stores' requests while it runs:`,
  );
  console.log(line(`same database (#${imp.database})`, imp.same));
  console.log(line(`another database (#${imp.otherDatabase})`, imp.other));
  console.log(
    `  the platform as placed fills at ${rate(platformOrdersPerSecond)} orders/s (its busiest database first); ` +
      `every store's orders could grow ×${rate(result.growthTo70PercentAtPeak)} before the busiest database is 70% busy at its peak hour`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = "http://127.0.0.1:8790", key] = process.argv.slice(2);
  if (!key) {
    console.error("Usage: tsx scripts/bench/one-database.ts <origin> <store key of bench-60k>");
    process.exit(2);
  }
  measureOneDatabase(baseUrl, key)
    .then(printOneDatabase)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
