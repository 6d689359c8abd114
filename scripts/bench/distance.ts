// What distance to the database costs each flow of issue 27: every request's D1 calls and the chain of round trips it
// waited on (the Worker's Server-Timing), and its p50 with no delay and with every round trip delayed, which the
// server does only with `--var BENCH_DB=1` (worker/db/bench-delay.ts). Requests run one at a time, so the figures are
// latency, not load. `tsx scripts/bench/distance.ts [http://127.0.0.1:8790]` measures a server already running.
// The same flows, run at no delay, give the database time each one keeps the primary busy (scripts/bench/one-database.ts).
import { registerCustomer } from "./accounts";
import { newGuestId, productId } from "./cart";
import { columns } from "./columns";
import { dbTiming, send } from "./http";
import { placeOnlineOrder, signedCheckoutResult } from "./online-orders";
import { OrderingPool } from "./orders";

export const DISTANCE_DELAY_MS = 150;
const HOST = "food.localhost";
const ORIGIN = "http://food.localhost";
const SLUG = "paneer-tikka";
const ITERATIONS = Number(process.env.BENCH_DISTANCE_ITERATIONS ?? 7);

export interface DistanceRow {
  flow: string;
  /** The chain this flow may wait on at most (issue 27), when it has a target. */
  target?: number;
  calls: number;
  chain: number;
  p50AtZeroMs: number;
  p50AtDelayMs: number;
}

/** One request of a flow: its status, its time at the client, and what its Server-Timing says of the database. */
export interface Measured {
  status: number;
  ms: number;
  /** The time the request had a database call in flight (Server-Timing's db dur), delays included. */
  dbMs: number;
  calls: number;
  chain: number;
}

/** One request as the shopper sends it, with the delay header; its time and its Server-Timing's counts. */
async function timed(method: string, path: string, headers: Record<string, string>, delay: number, form?: Record<string, string>) {
  const all = { Host: HOST, "Bench-DB-Delay": String(delay), ...headers };
  if (form) Object.assign(all, { Origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" });
  const started = performance.now();
  const response = await send(method, `${BASE.url}${path}`, all, form ? new URLSearchParams(form).toString() : undefined);
  const ms = performance.now() - started;
  const db = dbTiming(response.headers["server-timing"]);
  if (!db) throw new Error(`${method} ${path}: no db Server-Timing (${response.status})`);
  return { status: response.status, ms, dbMs: db.ms, calls: db.calls, chain: db.roundTrips } satisfies Measured;
}

const BASE = { url: "" };

/** The primary's work a flow stands for in the capacity model (scripts/bench/d1-capacity.ts). */
export type FlowRole = "read" | "cart" | "sign-in" | "order" | "pay" | "pay-result";

export interface Flow {
  flow: string;
  target?: number;
  role?: FlowRole;
  /** One measured request (after any untimed set-up of its own); `i` counts the iterations of this flow. */
  run(delay: number, i: number): Promise<Measured>;
  expect: number;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const headers = { Host: HOST, authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response = await send(method, `${BASE.url}${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
  return JSON.parse(response.text) as Record<string, unknown>;
}

/** The flows, set up for `runs` measured requests each (and one warm-up). */
async function flows(runs: number): Promise<Flow[]> {
  const product = String(await productId(BASE.url, HOST, SLUG));
  // Customers with a saved address and one paneer tikka in the cart: one for the pages, one per order placed.
  const pool = new OrderingPool();
  await pool.prepare(BASE.url, HOST, Number(product), runs + 4);
  const reader = pool.take();
  const adder = pool.take();
  // Places a card order before each pay step and payment result (untimed): each is measured on a new order.
  const payer = pool.take();
  const cardOrder = () => placeOnlineOrder(BASE.url, HOST, payer, Number(product));
  const session = (c: { token: string }) => ({ Cookie: `session=${c.token}` });
  const cart = (await api("GET", "/api/get-cart", adder.token)) as { cartItems: { id: number }[] };
  const cartId = String(cart.cartItems[0]!.id);
  const signer = await registerCustomer(BASE.url, HOST);
  const page = (flow: string, path: string): Flow => ({
    flow,
    target: 1,
    role: "read",
    expect: 200,
    run: (delay) => timed("GET", path, session(reader), delay),
  });
  return [
    { flow: "anonymous catalogue page (/, page cache warm)", expect: 200, run: (delay) => timed("GET", "/", {}, delay) },
    page("signed-in /", "/"),
    page("signed-in /cart", "/cart"),
    page("signed-in /account", "/account"),
    page("signed-in /checkout", "/checkout"),
    {
      flow: "guest add to cart (no-JS form)",
      role: "cart",
      target: 1,
      expect: 303,
      run: (delay) =>
        timed("POST", `/product/${SLUG}`, { Cookie: `guest_id=${newGuestId()}` }, delay, { product_id: product, quantity: "1" }),
    },
    {
      flow: "signed-in add to cart",
      role: "cart",
      target: 1,
      expect: 303,
      run: (delay) => timed("POST", `/product/${SLUG}`, session(adder), delay, { product_id: product, quantity: "1" }),
    },
    {
      flow: "change quantity (/cart)",
      role: "cart",
      target: 1,
      expect: 303,
      run: (delay, i) =>
        timed("POST", "/cart", session(adder), delay, { intent: "quantity", cart_id: cartId, quantity: String(2 + (i % 2)) }),
    },
    {
      flow: "sign in (password form)",
      role: "sign-in",
      target: 2,
      expect: 303,
      run: (delay) => timed("POST", "/login", {}, delay, { intent: "password", login: signer.email, password: signer.password }),
    },
    {
      flow: "place order (cash on delivery)",
      role: "order",
      target: 3,
      expect: 303,
      run: (delay) => {
        const c = pool.take();
        const form = {
          intent: "place",
          fulfillment: "delivery",
          payment_method: "cod",
          key: crypto.randomUUID(),
          address_id: String(c.addressId),
          expected_total: c.expectedTotal,
        };
        return timed("POST", "/checkout", session(c), delay, form);
      },
    },
    {
      flow: "pay step (/checkout/pay/…, card order)",
      role: "pay",
      target: 2,
      expect: 200,
      run: async (delay) => timed("GET", `/checkout/pay/${await cardOrder()}`, session(payer), delay),
    },
    {
      flow: "payment result (Checkout's handler, no-JS form)",
      role: "pay-result",
      target: 2,
      expect: 303,
      run: async (delay) => {
        const orderId = await cardOrder();
        const result = await signedCheckoutResult(BASE.url, HOST, payer.token, orderId);
        return timed("POST", `/checkout/pay/${orderId}`, session(payer), delay, result);
      },
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface FlowSamples {
  flow: Flow;
  /** The measured requests at each delay, in the order sent. */
  at: Record<number, Measured[]>;
}

/**
 * Runs every flow against the server at `baseUrl`, one request at a time: one untimed warm-up (the isolate, the page
 * cache), then `iterations` rounds of one request at each of `delays` (ms per round trip), alternating. A request whose
 * status is not the flow's stops the run.
 */
export async function sampleFlows(baseUrl: string, iterations: number, delays: number[]): Promise<FlowSamples[]> {
  BASE.url = baseUrl;
  const samples: FlowSamples[] = [];
  for (const flow of await flows(1 + iterations * delays.length)) {
    const at: Record<number, Measured[]> = Object.fromEntries(delays.map((delay) => [delay, []]));
    let i = 0;
    await flow.run(0, i++);
    for (let n = 0; n < iterations; n++) {
      for (const delay of delays) {
        const m = await flow.run(delay, i++);
        if (m.status !== flow.expect) throw new Error(`${flow.flow}: answered ${m.status}, expected ${flow.expect}`);
        at[delay]!.push(m);
      }
    }
    samples.push({ flow, at });
  }
  return samples;
}

/** Measures every flow at no delay and at `DISTANCE_DELAY_MS` per round trip against the server at `baseUrl`. */
export async function measureDistance(baseUrl: string): Promise<DistanceRow[]> {
  const rows: DistanceRow[] = [];
  for (const { flow, at } of await sampleFlows(baseUrl, ITERATIONS, [0, DISTANCE_DELAY_MS])) {
    const all = [...at[0]!, ...at[DISTANCE_DELAY_MS]!];
    rows.push({
      flow: flow.flow,
      ...(flow.target === undefined ? {} : { target: flow.target }),
      calls: Math.max(...all.map((m) => m.calls)),
      chain: Math.max(...all.map((m) => m.chain)),
      p50AtZeroMs: median(at[0]!.map((m) => m.ms)),
      p50AtDelayMs: median(at[DISTANCE_DELAY_MS]!.map((m) => m.ms)),
    });
  }
  return rows;
}

export function printDistance(rows: DistanceRow[]): void {
  console.log(
    `\nDistance to the database (one request at a time; calls and chain: the most seen; ${DISTANCE_DELAY_MS} ms added per round trip):`,
  );
  const header = ["request", "D1 calls", "chain", "target", "p50 at 0 ms", `p50 at ${DISTANCE_DELAY_MS} ms`];
  const body = rows.map((r) => [
    r.flow,
    String(r.calls),
    String(r.chain),
    r.target === undefined ? "" : `≤ ${r.target}${r.chain <= r.target ? "" : " OVER"}`,
    `${r.p50AtZeroMs.toFixed(0)} ms`,
    `${r.p50AtDelayMs.toFixed(0)} ms`,
  ]);
  console.log(columns(header, body, 1, "  "));
}

/**
 * A round trip between the Cloudflare location where a shopper's request runs (the one nearest the shopper) and the
 * store's D1 primary. Cloudflare publishes no such table; these are Azure's published round-trip times between its
 * regions, the P95 over the 30 days to 2026-07-30 ("Azure network round-trip latency statistics",
 * https://learn.microsoft.com/azure/networking/azure-network-latency), for the Azure regions nearest to each place.
 */
export interface RoundTrip {
  shopper: string;
  /** Where the database is, with the D1 location hint that would put it there. */
  database: string;
  /** The Azure regions the figure is between. */
  regions: string;
  ms: number;
}

export const ROUND_TRIPS: RoundTrip[] = [
  { shopper: "Bengaluru", database: "India (apac)", regions: "South India ↔ Central India", ms: 25 },
  { shopper: "Bengaluru", database: "Singapore (apac)", regions: "South India ↔ Southeast Asia", ms: 39 },
  { shopper: "Bengaluru", database: "Western Europe (weur)", regions: "South India ↔ West Europe", ms: 169 },
  { shopper: "Bengaluru", database: "Western North America (wnam)", regions: "South India ↔ West US", ms: 203 },
  { shopper: "Bengaluru", database: "Eastern North America (enam)", regions: "South India ↔ East US", ms: 246 },
  { shopper: "Hamburg", database: "Western Europe (weur)", regions: "Germany North ↔ West Europe", ms: 16 },
  { shopper: "Hamburg", database: "Eastern North America (enam)", regions: "Germany North ↔ East US", ms: 100 },
  { shopper: "Hamburg", database: "India (apac)", regions: "Germany North ↔ Central India", ms: 159 },
  { shopper: "Hamburg", database: "Singapore (apac)", regions: "Germany North ↔ Southeast Asia", ms: 237 },
];

/** The flows whose time at a distance is modelled: the two writes every shopper waits on. */
const MODELLED = ["sign in (password form)", "place order (cash on delivery)"];

export interface DistanceModel {
  flow: string;
  chain: number;
  /** Measured: the p50 with no delay (the local work, database included). */
  localMs: number;
  /** The model checked against this run: local + chain × the bench's delay, beside the p50 measured at that delay. */
  atDelay: { delayMs: number; modelMs: number; measuredMs: number };
  /** Modelled: local + chain × each round trip. */
  places: (RoundTrip & { modelMs: number })[];
}

/** Time ≈ local time + chain × round trip, for sign in and place order, from this run's distance rows. */
export function modelDistance(rows: DistanceRow[], roundTrips = ROUND_TRIPS): DistanceModel[] {
  return rows
    .filter((r) => MODELLED.includes(r.flow))
    .map((r) => ({
      flow: r.flow,
      chain: r.chain,
      localMs: r.p50AtZeroMs,
      atDelay: { delayMs: DISTANCE_DELAY_MS, modelMs: r.p50AtZeroMs + r.chain * DISTANCE_DELAY_MS, measuredMs: r.p50AtDelayMs },
      places: roundTrips.map((trip) => ({ ...trip, modelMs: r.p50AtZeroMs + r.chain * trip.ms })),
    }));
}

export function printDistanceModel(models: DistanceModel[]): void {
  if (models.length === 0) return;
  console.log(
    "\nSign in and place order by distance (modelled: measured p50 at 0 ms + chain × round trip; round trips: Azure's " +
      "published P95 between its regions, 30 days to 2026-07-30):",
  );
  for (const m of models) {
    const { delayMs, modelMs, measuredMs } = m.atDelay;
    console.log(
      `  ${m.flow}: chain ${m.chain}, ${m.localMs.toFixed(0)} ms here; at ${delayMs} ms a round trip the model says ` +
        `${modelMs.toFixed(0)} ms, measured ${measuredMs.toFixed(0)} ms`,
    );
  }
  const header = ["shopper", "database", "round trip", ...models.map((m) => m.flow.replace(/ \(.*\)$/, ""))];
  const body = models[0]!.places.map((trip, i) => [
    trip.shopper,
    trip.database,
    `${trip.ms} ms`,
    ...models.map((m) => `${m.places[i]!.modelMs.toFixed(0)} ms`),
  ]);
  console.log(columns(header, body, 2, "  "));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureDistance(process.argv[2] ?? "http://127.0.0.1:8790")
    .then((rows) => {
      printDistance(rows);
      printDistanceModel(modelDistance(rows));
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
