// What distance to the database costs each flow of issue 27: every request's D1 calls and the chain of round trips it
// waited on (the Worker's Server-Timing), and its p50 with no delay and with every round trip delayed, which the
// server does only with `--var BENCH_DB=1` (worker/db/bench-delay.ts). Requests run one at a time, so the figures are
// latency, not load. `tsx scripts/bench/distance.ts [http://127.0.0.1:8790]` measures a server already running.
import { registerCustomer } from "./accounts";
import { newGuestId, productId } from "./cart";
import { send } from "./http";
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

interface Measured {
  status: number;
  ms: number;
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
  const timing = String(response.headers["server-timing"] ?? "");
  const counts = /db;dur=[\d.]+;desc="(\d+) queries, (\d+) round trips"/.exec(timing);
  if (!counts) throw new Error(`${method} ${path}: no db Server-Timing (${response.status})`);
  return { status: response.status, ms, calls: Number(counts[1]), chain: Number(counts[2]) } satisfies Measured;
}

const BASE = { url: "" };

interface Flow {
  flow: string;
  target?: number;
  /** One measured request (after any untimed set-up of its own); `i` counts the iterations of this flow. */
  run(delay: number, i: number): Promise<Measured>;
  expect: number;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const headers = { Host: HOST, authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response = await send(method, `${BASE.url}${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
  return JSON.parse(response.text) as Record<string, unknown>;
}

async function flows(): Promise<Flow[]> {
  const product = String(await productId(BASE.url, HOST, SLUG));
  // Customers with a saved address and one paneer tikka in the cart: one for the pages, one per order placed.
  const pool = new OrderingPool();
  await pool.prepare(BASE.url, HOST, Number(product), 2 * ITERATIONS + 4);
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
      target: 1,
      expect: 303,
      run: (delay) =>
        timed("POST", `/product/${SLUG}`, { Cookie: `guest_id=${newGuestId()}` }, delay, { product_id: product, quantity: "1" }),
    },
    {
      flow: "signed-in add to cart",
      target: 1,
      expect: 303,
      run: (delay) => timed("POST", `/product/${SLUG}`, session(adder), delay, { product_id: product, quantity: "1" }),
    },
    {
      flow: "change quantity (/cart)",
      target: 1,
      expect: 303,
      run: (delay, i) =>
        timed("POST", "/cart", session(adder), delay, { intent: "quantity", cart_id: cartId, quantity: String(2 + (i % 2)) }),
    },
    {
      flow: "sign in (password form)",
      target: 2,
      expect: 303,
      run: (delay) => timed("POST", "/login", {}, delay, { intent: "password", login: signer.email, password: signer.password }),
    },
    {
      flow: "place order (cash on delivery)",
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
      target: 2,
      expect: 200,
      run: async (delay) => timed("GET", `/checkout/pay/${await cardOrder()}`, session(payer), delay),
    },
    {
      flow: "payment result (Checkout's handler, no-JS form)",
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

/** Measures every flow at no delay and at `DISTANCE_DELAY_MS` per round trip against the server at `baseUrl`. */
export async function measureDistance(baseUrl: string): Promise<DistanceRow[]> {
  BASE.url = baseUrl;
  const rows: DistanceRow[] = [];
  for (const flow of await flows()) {
    const at: Record<number, Measured[]> = { 0: [], [DISTANCE_DELAY_MS]: [] };
    let i = 0;
    // One untimed run warms the isolate and the page cache; then the two delays alternate.
    await flow.run(0, i++);
    for (let n = 0; n < ITERATIONS; n++) {
      for (const delay of [0, DISTANCE_DELAY_MS]) {
        const m = await flow.run(delay, i++);
        if (m.status !== flow.expect) throw new Error(`${flow.flow}: answered ${m.status}, expected ${flow.expect}`);
        at[delay]!.push(m);
      }
    }
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
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  for (const row of [header, ...body])
    console.log(`  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureDistance(process.argv[2] ?? "http://127.0.0.1:8790")
    .then(printDistance)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
