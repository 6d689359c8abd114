/**
 * [BENCH_SECONDS=10] [BENCH_PORT=8790] [BENCH_ONLY=home,add-to-cart] [BENCH_LCP=0] [BENCH_DISTANCE=0] [BENCH_D1=0] [BENCH_PROFILE_DIR=dir]
 *   [BENCH_HOT=guest-cart,home-rendered,plain] npm run bench
 *
 * Builds, measures bundle sizes, generates the 1k and 100k stores and the 60k catalogue-replace store (cached in
 * .bench/stores), then load-tests the production build under `wrangler dev` with throwaway state holding the demo
 * stores and those, profiling our Worker's isolate through workerd's own inspector and splitting each profile by the
 * original source of its samples (render, remix, data, http, other). Then the distance table, what one
 * database carries (one-database.ts) and LCP in Chromium. Prints a table, the goals and the 100k ÷ 1k scaling, and
 * writes bench-results/latest.json. What the figures mean: docs/benchmark.md.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { registerCustomer } from "./bench/accounts";
import { fillCart, newGuestId, productId } from "./bench/cart";
import { columns } from "./bench/columns";
import { type DistanceRow, measureDistance, modelDistance, printDistance, printDistanceModel } from "./bench/distance";
import { type FlowResult, type FlowTarget, measureFlow } from "./bench/flow";
import { type Goal, goal, printGoals } from "./bench/goals";
import { findWorkerInspector, IsolateProfiler, SAMPLING_INTERVAL_US } from "./bench/inspector";
import { LCP_CONDITIONS, type LcpResult, measureLcp } from "./bench/lcp";
import { type LoadResult, measure, type Target, WarmupFailed } from "./bench/load";
import { measureOneDatabase, type OneDatabaseReport, printOneDatabase } from "./bench/one-database";
import { OrderingPool } from "./bench/orders";
import { CATALOGUE_REPLACE } from "./bench/replace";
import { type DevServer, startDevServer, step, stepSeconds } from "./bench/server";
import { gzipBytes, INITIAL_JS_GOAL, initialJs, MESSAGES_GOAL, PAGE_ROUTES } from "./bench/sizes";
import { findDevSourceMap, locatorFromFile } from "./bench/source-map";
import { hotTable, splitTable } from "./bench/split-report";
import { ensureGeneratedStores, type GeneratedStore } from "./bench/stores";
import { measureTapToLcp, PRESS_MS, type TapToLcpResult } from "./bench/tap-to-lcp";
import { type DeployBundle, deployBundle, type IsolateStartup, measureIsolateStartup } from "./bench/worker-bundle";
import { BENCH_CATEGORY_SLUG, BENCH_FILTER, BENCH_PREDICTIVE, BENCH_SEARCH } from "./generate-store";

/** Generated stores (scripts/generate-store.ts): the same catalogue at two sizes, to see how listing and search scale. */
const SMALL: GeneratedStore = { slug: "bench-1k", host: "bench-1k.localhost", products: 1_000 };
const LARGE: GeneratedStore = { slug: "bench-100k", host: "bench-100k.localhost", products: 100_000 };
const SEARCH_Q = encodeURIComponent(BENCH_SEARCH).replace(/%20/g, "+");

/**
 * Category page and API, search page and API on one generated store, and the store-wide listing the home page's
 * infinite scroll reads (it exists already, so the scaling report has a figure before the other endpoints land).
 * Names end in -1k or -100k.
 */
function scaled(store: GeneratedStore): Target[] {
  const size = store.slug.replace(/^bench-/, "");
  return [
    { name: `products-api-${size}`, method: "GET", host: store.host, path: "/api/get-products?page=1&per_page=12" },
    { name: `category-${size}`, method: "GET", host: store.host, path: `/category/${BENCH_CATEGORY_SLUG}` },
    {
      name: `category-api-${size}`,
      method: "GET",
      host: store.host,
      path: `/api/get-category-products?slug=${BENCH_CATEGORY_SLUG}&page=1&per_page=12`,
    },
    // Issue 28: the category narrowed by an attribute and a price bound, as a page and through the API.
    { name: `category-filtered-${size}`, method: "GET", host: store.host, path: `/category/${BENCH_CATEGORY_SLUG}?${BENCH_FILTER}` },
    {
      name: `category-filtered-api-${size}`,
      method: "GET",
      host: store.host,
      path: `/api/get-category-products?slug=${BENCH_CATEGORY_SLUG}&page=1&per_page=12&${BENCH_FILTER}`,
    },
    // What the search box asks while a shopper types (one prefix: after the first answer, the isolate's cached copy).
    { name: `predictive-api-${size}`, method: "GET", host: store.host, path: `/api/predictive-search?q=${BENCH_PREDICTIVE}` },
    { name: `search-${size}`, method: "GET", host: store.host, path: `/search?q=${SEARCH_Q}` },
    { name: `search-api-${size}`, method: "GET", host: store.host, path: `/api/search-products?q=${SEARCH_Q}&page=1&per_page=12` },
  ];
}

/**
 * Targets compared across the two sizes. The catalogue issue's goal: for category listing and search, the p50 at 100k
 * products over the p50 at 1k stays ≤ 1.5. products-api is shown for information.
 */
const SCALING_GOAL = 1.5;
const SCALING: { name: string; goal?: number; small?: string }[] = [
  { name: "category", goal: SCALING_GOAL },
  { name: "category-api", goal: SCALING_GOAL },
  // Issue 28: the filtered category at 100k against the unfiltered one at 1k.
  { name: "category-filtered", goal: SCALING_GOAL, small: "category" },
  { name: "category-filtered-api", goal: SCALING_GOAL, small: "category-api" },
  { name: "predictive-api" },
  { name: "search", goal: SCALING_GOAL },
  { name: "search-api", goal: SCALING_GOAL },
  { name: "products-api" },
];

/**
 * GET /api/get-cart for a cart of `lines` lines: the cart is made through POST /api/cart/add with its own guest id
 * before the warm-up (one plain bench-1k product per line), and every request reads it with that guest-id header.
 */
function getCart(lines: number): Target {
  const guestId = newGuestId();
  return {
    name: `get-cart-${lines}`,
    method: "GET",
    host: SMALL.host,
    path: "/api/get-cart",
    headers: { "guest-id": guestId },
    prepare: ({ baseUrl, host }) => fillCart(baseUrl, host, guestId, lines),
  };
}

/** The cart issue's goal: add to cart as a page (POST → 303 → GET /cart) takes at most twice the home page's p50. */
const ADD_TO_CART_GOAL = 2;
const ADD_TO_CART_SLUG = "paneer-tikka"; // a food product without options, so product_id and quantity are the whole form
const ADD_TO_CART: FlowTarget = {
  kind: "flow",
  name: "add-to-cart",
  method: "POST",
  path: `/product/${ADD_TO_CART_SLUG}`,
  headers: { Origin: "http://food.localhost" },
  form: async ({ baseUrl, host }) => ({ product_id: String(await productId(baseUrl, host, ADD_TO_CART_SLUG)), quantity: "1" }),
  expectStatus: 303,
  expectLocation: "/cart",
  // A fresh guest per iteration: a new shopper's first add, so no line ever reaches the quantity limit.
  shopper: () => ({ cookie: `guest_id=${newGuestId()}` }),
};

/**
 * 'Place order' on /checkout without JavaScript (POST → 303 → GET /order-placed/<id>), cash on delivery to a saved
 * address. An order empties the cart, so iterations run in rounds over a pool of customers registered before the
 * warm-up, each holding one paneer tikka; between rounds the carts used are refilled, untimed.
 */
const PLACE_ORDER_ROUND = 100; // iterations per round: 10 per connection
function placeOrder(): FlowTarget {
  const pool = new OrderingPool();
  return {
    kind: "flow",
    name: "place-order",
    method: "POST",
    path: "/checkout",
    headers: { Origin: "http://food.localhost" },
    form: async () => ({ intent: "place", fulfillment: "delivery", payment_method: "cod" }),
    expectStatus: 303,
    expectLocation: "/order-placed/",
    shopper: () => {
      const customer = pool.take();
      const fields = { key: randomUUID(), address_id: String(customer.addressId), expected_total: customer.expectedTotal };
      return { cookie: `session=${customer.token}`, fields };
    },
    rounds: {
      size: PLACE_ORDER_ROUND,
      // Slack for the POSTs autocannon builds and never sends (one per connection at each end of a round).
      prepare: async ({ baseUrl, host }) =>
        pool.prepare(baseUrl, host, await productId(baseUrl, host, ADD_TO_CART_SLUG), PLACE_ORDER_ROUND + 20),
      setup: ({ baseUrl, host }) => pool.refill(baseUrl, host),
    },
  };
}

/** The home page as a signed-in customer: the session cookie costs a D1 read before the page renders. */
function signedInHome(): Target {
  const headers: Record<string, string> = {};
  return {
    name: "home-signed-in",
    method: "GET",
    path: "/",
    headers,
    prepare: async ({ baseUrl, host }) => {
      headers.Cookie = `session=${(await registerCustomer(baseUrl, host)).token}`;
    },
  };
}

/**
 * POST /api/login with the right password. PBKDF2-SHA256 at 100,000 iterations is the deliberate cost of each request
 * (decision 017); each also opens a session.
 */
function loginApi(): Target {
  const target: Target = {
    name: "login-api",
    method: "POST",
    path: "/api/login",
    headers: { "content-type": "application/json" },
    prepare: async ({ baseUrl, host }) => {
      const customer = await registerCustomer(baseUrl, host);
      target.body = JSON.stringify({ email: customer.email, password: customer.password });
    },
  };
  return target;
}

/**
 * GET /cart as a guest whose cart holds two food lines, made through the real API before the warm-up; the page reads
 * the guest by the `guest_id` cookie, and `cart_count` is the nav badge's copy the Worker keeps beside it.
 */
function guestCart(): Target {
  const guestId = newGuestId();
  return {
    name: "guest-cart",
    method: "GET",
    path: "/cart",
    headers: { Cookie: `guest_id=${guestId}; cart_count=2` },
    prepare: ({ baseUrl, host }) => fillCart(baseUrl, host, guestId, 2),
  };
}

const PRODUCT_SLUG = "margherita-pizza"; // options, add-ons and reviews: the fullest product page of the food store
const CATEGORY_SLUG = "pizzas"; // a category of stores/food.json

/** Load targets, run in order. The first is the floor every other target is compared against. */
const TARGETS: (Target | FlowTarget)[] = [
  { name: "floor", method: "GET", path: "/healthz" },
  // The issue's plain route, which the page goals divide by: the store found from its host (and its markers read),
  // then a Remix resource route with no React and no other storage.
  { name: "plain", method: "GET", path: "/robots.txt" },
  // Anonymous, no cookies: what the page cache serves once it exists.
  { name: "home", method: "GET", path: "/" },
  // A guest whose nav badge shows 1: a page the page cache never serves, so always rendered (no cart rows needed).
  { name: "home-rendered", method: "GET", path: "/", headers: { Cookie: "cart_count=1" } },
  ADD_TO_CART, // right after home-rendered, which it is compared against
  placeOrder(), // likewise
  signedInHome(),
  loginApi(),
  { name: "get-data", method: "GET", path: "/api/get-data" },
  { name: "category", method: "GET", path: `/category/${CATEGORY_SLUG}` },
  { name: "product", method: "GET", path: `/product/${PRODUCT_SLUG}` },
  guestCart(),
  { name: "search-food", method: "GET", path: "/search?q=pizza" },
  getCart(1),
  getCart(100),
  // Each 1k target right before its 100k twin, so slow drift in machine load hits both sides of a ratio alike.
  ...scaled(SMALL).flatMap((small, i) => [small, scaled(LARGE)[i]!]),
];

const PORT = Number(process.env.BENCH_PORT ?? 8790); // not 8787, so a developer's own `wrangler dev` can keep running
const HOST = "food.localhost"; // targets without a host go to food, the demo store with the fullest catalogue
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LCP = process.env.BENCH_LCP !== "0";
const DISTANCE = process.env.BENCH_DISTANCE !== "0";
const D1 = process.env.BENCH_D1 !== "0";
/** Fresh isolates started for the start-up figure (each once with our script and once with a one-line script). */
const STARTUP_RUNS = 5;
/** Targets whose hottest source functions are printed (all have them in the JSON). */
const HOT = (process.env.BENCH_HOT ?? "guest-cart,home-rendered,plain").split(",").map((name) => name.trim());
/** The pages whose LCP is measured, on the food store (Chromium resolves *.localhost to loopback). */
const LCP_PAGES = [
  { label: "home", path: "/" },
  { label: "product", path: `/product/${PRODUCT_SLUG}` },
];
/** The tap from a list to a product page (decision 069): a card of the food store's pizzas. */
const TAP_CATEGORY = "/category/pizzas";
const TAP_PRODUCT = "margherita-pizza";
/** Target names to time (the floor always runs, since every ratio needs it); unset times every target. */
const ONLY = process.env.BENCH_ONLY?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);

interface FailedTarget extends Pick<LoadResult, "name" | "method" | "path" | "host"> {
  /** Why it was not timed: the warm-up's statuses or errors. */
  failed: string;
  non2xx: number;
  errors: number;
}
/**
 * A timed target with its ratios to the floor of the same run: runtime CPU (the one the goals read), all workerd
 * processes' /proc CPU (the measure from outside that earlier runs reported), p50 and req/s.
 */
type Row = ((LoadResult | FlowResult) & { cpuVsFloor: number; procVsFloor: number; p50VsFloor: number; rpsVsFloor: number }) | FailedTarget;

interface FlowVsHome {
  name: string;
  /** The flow's p50 (one POST + GET iteration) ÷ the rendered home's p50; absent when either was not timed. */
  p50Ratio?: number;
  cpuRatio?: number;
  p50Ms?: number;
  homeP50Ms?: number;
  /** The highest acceptable p50Ratio, when the flow has a goal. */
  goal?: number;
  meetsGoal?: boolean;
  /** Iterations whose POST did not answer 303 or whose GET was not 2xx, and the statuses seen. */
  unexpected?: number;
  iterations?: number;
  statuses?: Record<string, number>;
}

interface Scaling {
  name: string;
  small: string;
  large: string;
  p50SmallMs?: number;
  p50LargeMs?: number;
  /** p50 at 100k ÷ p50 at 1k; absent when either target failed. */
  p50Ratio?: number;
  cpuRatio?: number;
  /** The highest acceptable p50Ratio, when the target has a goal. */
  goal?: number;
  meetsGoal?: boolean;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

function printTable(results: Row[]): void {
  const header = ["target", "host", "path", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "CPU ms/req", "CPU ×floor", "samples"];
  const rows = results.map((r) =>
    "failed" in r
      ? [r.name, r.host, `${r.method} ${r.path}`, "—", "—", "—", "—", String(r.non2xx + r.errors), "—", "—", "—"]
      : [
          r.name,
          r.host,
          `${r.method} ${r.path}`,
          r.requestsPerSec.toFixed(0),
          r.p50Ms.toFixed(2),
          "p95Ms" in r ? r.p95Ms.toFixed(2) : "—",
          r.p99Ms.toFixed(2),
          String("kind" in r ? r.unexpected + r.errors : r.non2xx + r.errors),
          r.runtimeCpuMsPerReq.toFixed(2),
          r.cpuVsFloor.toFixed(2),
          String(r.runtimeSamples),
        ],
  );
  console.log(columns(header, rows, 3));
  for (const r of results) if ("failed" in r) console.log(`  ${r.name} not timed: ${r.failed}`);
  for (const r of results) {
    if ("kind" in r) {
      console.log(
        `  ${r.name}: one row = one iteration (POST, then GET of its Location); non-2xx counts iterations whose POST ` +
          `did not answer 303 or whose GET was not 2xx. Seen: ${statusList(r.statuses)}`,
      );
    }
  }
}

/** The runtime CPU of each target split by the original source of its samples (docs/benchmark.md), and hot lists. */
function printSplit(results: Row[]): void {
  const timed = results.filter((r): r is Exclude<Row, FailedTarget> => !("failed" in r));
  if (!timed.some((r) => r.split)) return;
  console.log("\nWhere the isolate's CPU went, ms per request (share), by the original file of each sample's innermost known frame:");
  console.log(
    splitTable(
      timed,
      timed.find((r) => r.name === "plain"),
    ),
  );
  for (const r of timed) {
    if (!HOT.includes(r.name) || !r.split) continue;
    console.log(`\n${r.name}: hottest source functions, ms per request (self: the function itself; total: with what it calls)`);
    console.log(hotTable(r));
  }
}

/**
 * The /proc figures of each run, apart from the runtime's: what the whole local stack spent, and the share that is
 * wrangler's proxy, its Node process and miniflare's simulators rather than our isolate.
 */
function printProc(results: Row[]): void {
  console.log("\nOutside the isolate, per request (/proc utime+stime; none of it runs in production):");
  const header = ["target", "all workerd ms", "×floor", "wrangler node ms", "local proxy ms", "dev middleware ms"];
  const rows = results.flatMap((r) =>
    "failed" in r
      ? []
      : [
          [
            r.name,
            r.procWorkerdMsPerReq.toFixed(2),
            r.procVsFloor.toFixed(2),
            r.procNodeMsPerReq.toFixed(2),
            r.proxyMsPerReq.toFixed(2),
            r.runtimeToolingMsPerReq.toFixed(3),
          ],
        ],
  );
  console.log(columns(header, rows, 1));
}

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([key, n]) => `${key} ×${n}`)
    .join(", ");

function flowVsHome(rows: Row[], name: string, goal?: number): FlowVsHome {
  const flow = rows.find((r): r is FlowResult & Row => r.name === name && "kind" in r);
  // The rendered home: the cart issue set its goal when every home was rendered; the page cache's copy is no yardstick
  // for a flow that renders both of its pages.
  const home = rows.find((r): r is LoadResult & Row => r.name === "home-rendered" && !("failed" in r));
  const base = { name, goal };
  if (!flow || !home) return base;
  const p50Ratio = flow.p50Ms / home.p50Ms;
  return {
    ...base,
    p50Ratio,
    cpuRatio: flow.runtimeCpuMsPerReq / home.runtimeCpuMsPerReq,
    p50Ms: flow.p50Ms,
    homeP50Ms: home.p50Ms,
    meetsGoal: goal === undefined ? undefined : p50Ratio <= goal,
    unexpected: flow.unexpected,
    iterations: flow.requests,
    statuses: flow.statuses,
  };
}

function printFlowVsHome(title: string, a: FlowVsHome): void {
  console.log(`\n${title} ÷ rendered home GET${a.goal === undefined ? " (no goal)" : ` (goal: p50 ratio ≤ ${a.goal})`}:`);
  if (a.p50Ratio === undefined) {
    console.log(`  n/a: ${a.name} or home was not timed`);
    return;
  }
  const verdict = a.goal === undefined ? "" : a.meetsGoal ? "  ok" : `  OVER GOAL (> ${a.goal})`;
  console.log(
    `  p50 ${a.p50Ms!.toFixed(2)} ms ÷ home-rendered ${a.homeP50Ms!.toFixed(2)} ms = ×${a.p50Ratio.toFixed(2)}` +
      `  CPU/req ×${a.cpuRatio!.toFixed(2)}${verdict}`,
  );
  if (a.unexpected! > 0) {
    console.log(
      `  WARNING: ${a.unexpected} of ${a.iterations} iterations were not POST 303 + GET 2xx (${statusList(a.statuses!)}), ` +
        "so this is not yet the whole page flow (no redirect, or the page it leads to is missing)",
    );
  }
}

function scaling(rows: Row[]): Scaling[] {
  const timed = (name: string) => rows.find((r): r is Exclude<Row, FailedTarget> => r.name === name && !("failed" in r));
  const size = (store: GeneratedStore) => store.slug.replace(/^bench-/, "");
  return SCALING.map(({ name, goal, small: smallName = name }) => {
    const [small, large] = [`${smallName}-${size(SMALL)}`, `${name}-${size(LARGE)}`];
    const [s, l] = [timed(small), timed(large)];
    const base = { name, small, large, goal };
    if (!s || !l) return base;
    const p50Ratio = l.p50Ms / s.p50Ms;
    const meetsGoal = goal === undefined ? undefined : p50Ratio <= goal;
    return {
      ...base,
      p50SmallMs: s.p50Ms,
      p50LargeMs: l.p50Ms,
      p50Ratio,
      cpuRatio: l.runtimeCpuMsPerReq / s.runtimeCpuMsPerReq,
      meetsGoal,
    };
  });
}

function printScaling(list: Scaling[]): void {
  console.log(`\nScaling, ${LARGE.products / 1000}k ÷ ${SMALL.products / 1000}k products (goal: p50 ratio ≤ ${SCALING_GOAL}):`);
  const width = Math.max(...list.map((x) => x.name.length));
  for (const s of list) {
    const label = s.name.padEnd(width);
    if (s.p50Ratio === undefined) {
      console.log(`  ${label}  n/a: ${s.small} or ${s.large} was not timed`);
      continue;
    }
    const verdict = s.goal === undefined ? "(no goal)" : s.meetsGoal ? "ok" : `OVER GOAL (> ${s.goal})`;
    console.log(
      `  ${label}  p50 ${s.p50SmallMs!.toFixed(2)} → ${s.p50LargeMs!.toFixed(2)} ms = ×${s.p50Ratio.toFixed(2)}` +
        `  CPU/req ×${s.cpuRatio!.toFixed(2)}  ${verdict}`,
    );
  }
}

function printLcp(lcp: LcpResult[] | { error: string } | undefined): void {
  const c = LCP_CONDITIONS;
  console.log(
    `\nLCP, median of 5 cold loads, ${c.viewport.width}×${c.viewport.height} mobile, ${c.latencyMs} ms RTT, ` +
      `${c.downloadKbps / 1024} Mbps down, ${c.uploadKbps} kbps up, ${c.cpuSlowdown}× CPU:`,
  );
  if (!lcp) console.log("  skipped (BENCH_LCP=0)");
  else if ("error" in lcp) console.log(`  failed: ${lcp.error}`);
  else
    for (const r of lcp) {
      const loads = r.loadsMs.map((ms) => (ms / 1000).toFixed(2)).join(", ");
      console.log(`  ${r.label.padEnd(8)} ${(r.medianMs / 1000).toFixed(2)} s  (loads ${loads} s; element ${r.element})`);
    }
}

/** The deploy bundle's size and make-up, and how long a fresh isolate takes to answer with it. */
function printWorkerBundle(bundle: DeployBundle, startup: IsolateStartup | { error: string } | undefined): void {
  console.log(`\nWorker bundle as deployed (${bundle.file}, minified): ${kib(bundle.gzipBytes)} gzip, ${kib(bundle.rawBytes)} raw`);
  const top = bundle.byPackage.slice(0, 12);
  const rest = bundle.byPackage.slice(12).reduce((sum, p) => sum + p.minifiedBytes, 0);
  const share = (bytes: number) => `${((100 * bytes) / bundle.rawBytes).toFixed(1)}%`;
  for (const p of top)
    console.log(`  ${p.name.padEnd(28)} ${kib(p.minifiedBytes).padStart(12)} minified  ${share(p.minifiedBytes).padStart(6)}`);
  console.log(`  ${"the rest".padEnd(28)} ${kib(rest).padStart(12)} minified  ${share(rest).padStart(6)}`);
  if (!startup) return;
  if ("error" in startup) {
    console.log(`Isolate start-up: not measured (${startup.error})`);
    return;
  }
  const ms = (list: number[]) => list.map((v) => v.toFixed(0)).join(", ");
  console.log(
    `Isolate start-up, a fresh workerd to its first answer (median of ${startup.runs}): ` +
      `${startup.scriptMs.toFixed(0)} ms for our script (with it: ${ms(startup.oursMs)} ms; one-line script: ${ms(startup.emptyMs)} ms)`,
  );
}

/** How much sooner a tapped product card's page paints with the Speculation Rules than without. */
function printTapToLcp(tap: TapToLcpResult | { error: string } | undefined): void {
  console.log(`\nTap on a product card to the product's LCP (pointerdown, click ${PRESS_MS} ms later), median of 5, LCP profile:`);
  if (!tap) console.log("  skipped (BENCH_LCP=0)");
  else if ("error" in tap) console.log(`  failed: ${tap.error}`);
  else {
    const ms = (list: number[]) => list.map((v) => v.toFixed(0)).join(", ");
    console.log(
      `  with the rules     ${tap.withRulesMedianMs.toFixed(0).padStart(6)} ms  (${ms(tap.withRulesMs)}; by ${[...new Set(tap.deliveredBy)].join(", ")})`,
    );
    console.log(`  without (Save-Data) ${tap.withoutRulesMedianMs.toFixed(0).padStart(5)} ms  (${ms(tap.withoutRulesMs)})`);
    console.log(`  ${tap.fasterPercent.toFixed(0)}% faster with the rules (goal: 30%)`);
  }
}

/** The speed issue's goals, from this run's figures. */
function speedGoals(rows: Row[], routes: ReturnType<typeof initialJs>, lcp: LcpResult[] | { error: string } | undefined): Goal[] {
  const row = (name: string) => rows.find((r): r is Exclude<Row, FailedTarget> => r.name === name && !("failed" in r));
  const js = (label: string) => {
    const r = routes.find((x) => x.label === label);
    return r && !("skipped" in r) ? r.gzipBytes / 1024 : undefined;
  };
  const messages = (label: string) => {
    const r = routes.find((x) => x.label === label);
    return r && !("skipped" in r) ? Math.max(...Object.values(r.messages).map((m) => m.gzipBytes)) / 1024 : undefined;
  };
  const homeLcp = lcp && !("error" in lcp) ? lcp.find((r) => r.label === "home")?.medianMs : undefined;
  // Pages are judged against the plain route of the same run, in runtime CPU; the same ratio from outside (all workerd
  // processes) is shown beside it for information.
  const plain = row("plain");
  const vsPlain = (name: string, limit: number) => {
    const r = row(name);
    const runtime = r && plain ? r.runtimeCpuMsPerReq / plain.runtimeCpuMsPerReq : undefined;
    const outside = r && plain ? `/proc: ${(r.procWorkerdMsPerReq / plain.procWorkerdMsPerReq).toFixed(2)}×` : undefined;
    return goal(`${name} CPU ÷ plain`, limit, "×plain", runtime, outside);
  };
  return [
    vsPlain("home", 1.6),
    vsPlain("category", 1.6),
    vsPlain("product", 1.6),
    vsPlain("guest-cart", 2.5),
    goal("home CPU (page cache)", 3, "ms", row("home")?.runtimeCpuMsPerReq),
    goal("home-rendered CPU", 6, "ms", row("home-rendered")?.runtimeCpuMsPerReq),
    // Issue 39's 88 KiB of code, plus issue 40's 2 KiB for the translations, in the page's largest language (decision 081).
    ...INITIAL_JS_GOAL.pages.map((label) => {
      const code = js(label);
      const words = messages(label);
      return goal(
        `initial JS ${label} with its messages`,
        INITIAL_JS_GOAL.kib + MESSAGES_GOAL.kib,
        "KiB",
        code === undefined || words === undefined ? undefined : code + words,
      );
    }),
    ...INITIAL_JS_GOAL.pages.map((label) => goal(`messages ${label} (largest language)`, MESSAGES_GOAL.kib, "KiB", messages(label))),
    goal("home LCP", 1.8, "s", homeLcp === undefined ? undefined : homeLcp / 1000),
  ];
}

/** Issue 27's goals: the chain of database round trips each flow waits on. */
function chainGoals(rows: DistanceRow[]): Goal[] {
  return rows.flatMap((r) => (r.target === undefined ? [] : [goal(`${r.flow} chain`, r.target, "round trips", r.chain)]));
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);
  if (!Number.isInteger(PORT) || PORT < 1024 || PORT > 65535)
    throw new Error(`BENCH_PORT must be a port number, got "${process.env.BENCH_PORT}"`);
  const unknown = ONLY?.filter((name) => !TARGETS.some((t) => t.name === name)) ?? [];
  if (unknown.length)
    throw new Error(`BENCH_ONLY names no target: ${unknown.join(", ")} (targets: ${TARGETS.map((t) => t.name).join(", ")})`);
  const targets = ONLY ? TARGETS.filter((t, i) => i === 0 || t.name === "plain" || ONLY.includes(t.name)) : TARGETS;
  // A run limited to the demo stores' targets skips making and importing the generated stores.
  const sizes = [SMALL, LARGE].filter((store) => !ONLY || targets.some((t) => t.host === store.host));
  const generated = ensureGeneratedStores(D1 ? [...sizes, CATALOGUE_REPLACE] : sizes);

  let server: DevServer | undefined;
  // npm start is in its own process group, so Ctrl-C does not reach it: forward it, or workerd keeps the port.
  const onExit = () => server?.killNow();
  process.on("exit", onExit);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

  const loads: (LoadResult | FlowResult | FailedTarget)[] = [];
  let profiler: IsolateProfiler | undefined;
  let lcp: LcpResult[] | { error: string } | undefined;
  let tapToLcp: TapToLcpResult | { error: string } | undefined;
  let distance: DistanceRow[] = [];
  let oneDatabase: OneDatabaseReport | undefined;
  let worker: DeployBundle | undefined;
  let startup: IsolateStartup | { error: string } | undefined;
  let routes: ReturnType<typeof initialJs> = [];
  try {
    server = await startDevServer(PORT, generated);
    await server.ready();
    // The map of the script wrangler dev runs, found before anything else bundles (the split by source needs it).
    let sourceMap: { path: string; locate: ReturnType<typeof locatorFromFile> } | undefined;
    try {
      const path = findDevSourceMap(process.cwd());
      sourceMap = { path, locate: locatorFromFile(path, process.cwd()) };
    } catch (error) {
      process.stderr.write(`  no split by source: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    // Sizes of the build `npm start` just made, and how long its deploy bundle takes to start.
    worker = deployBundle(gzipBytes);
    routes = initialJs(PAGE_ROUTES);
    process.stderr.write(`› a fresh isolate's first answer, ${STARTUP_RUNS} times with the deploy bundle and with a one-line script … `);
    startup = await measureIsolateStartup(worker.file, { stateDir: server.stateDir, url: `http://${HOST}/robots.txt` }, STARTUP_RUNS).catch(
      (error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    process.stderr.write("error" in startup ? `failed: ${startup.error}\n` : "done\n");
    // Straight to workerd's inspector, not wrangler's relay on --inspector-port.
    profiler = await IsolateProfiler.connect(await findWorkerInspector(server.pid));
    for (const [i, target] of targets.entries()) {
      process.stderr.write(`› load ${target.method} ${target.host ?? HOST}${target.path} for ${SECONDS} s\n`);
      try {
        const opts = {
          baseUrl: server.baseUrl,
          defaultHost: HOST,
          seconds: SECONDS,
          connections: CONNECTIONS,
          serverPid: server.pid,
          profiler,
          profileDir: process.env.BENCH_PROFILE_DIR,
          sourceMap,
        };
        loads.push("kind" in target ? await measureFlow(target, opts) : await measure(target, opts));
      } catch (error) {
        // Without the floor nothing can be compared, so that stops the run; another target is reported as not timed.
        if (!(error instanceof WarmupFailed) || i === 0) throw error;
        process.stderr.write(`  ${error.message}: not timed\n`);
        const { name, method, path, host } = error.target;
        // Flow targets key their statuses as "POST 500".
        const code = (key: string) => Number(key.split(" ").pop());
        const non2xx = Object.entries(error.statuses).reduce((n, [status, count]) => n + (code(status) >= 400 ? count : 0), 0);
        loads.push({ name, method, path, host, failed: error.reason, non2xx, errors: error.errors });
      }
    }
    profiler.close();
    if (DISTANCE) {
      process.stderr.write("› distance: each flow one request at a time, at 0 and 150 ms per database round trip\n");
      distance = await measureDistance(server.baseUrl);
    }
    if (D1) {
      process.stderr.write("› one database and many: database time of each flow and of a catalogue replace\n");
      // The replaced store's owner key, made as the owner makes one (README: Store owner API), in the server's state.
      const keyArgs = ["--store", CATALOGUE_REPLACE.slug, "--label", "bench", "--persist-to", server.stateDir];
      const key = step("store:api-key", "npm", ["run", "--silent", "store:api-key", "--", ...keyArgs])
        .trim()
        .split("\n")
        .at(-1)!;
      oneDatabase = await measureOneDatabase(server.baseUrl, key);
    }
    if (LCP) {
      process.stderr.write(`› LCP of ${LCP_PAGES.map((p) => p.path).join(" and ")} in Chromium … `);
      const pages = LCP_PAGES.map(({ label, path }) => ({ label, url: `http://${HOST}:${PORT}${path}` }));
      lcp = await measureLcp(pages).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
      process.stderr.write("error" in lcp ? "failed\n" : "done\n");
      process.stderr.write(`› tap on a product card of ${TAP_CATEGORY} to the product's LCP, with and without the rules … `);
      tapToLcp = await measureTapToLcp(`http://${HOST}:${PORT}${TAP_CATEGORY}`, TAP_PRODUCT).catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }));
      process.stderr.write("error" in tapToLcp ? "failed\n" : "done\n");
    }
  } finally {
    profiler?.close();
    await server?.stop();
    process.off("exit", onExit);
  }

  const floor = loads[0] as LoadResult;
  const results: Row[] = loads.map((r) =>
    "failed" in r
      ? r
      : {
          ...r,
          cpuVsFloor: r.runtimeCpuMsPerReq / floor.runtimeCpuMsPerReq,
          procVsFloor: r.procWorkerdMsPerReq / floor.procWorkerdMsPerReq,
          p50VsFloor: r.p50Ms / floor.p50Ms,
          rpsVsFloor: r.requestsPerSec / floor.requestsPerSec,
        },
  );
  const scales = scaling(results);
  const addToCart = flowVsHome(results, ADD_TO_CART.name, ADD_TO_CART_GOAL);
  const placeOrderVsHome = flowVsHome(results, "place-order");
  const failed = results.filter((r) => "failed" in r).map((r) => r.name);
  const goals = [...speedGoals(results, routes, lcp), ...chainGoals(distance)];

  printWorkerBundle(worker, startup);
  for (const r of routes) {
    if ("skipped" in r) console.log(`Initial JS ${r.label} [${r.chain.join(" + ")}]: skipped, ${r.skipped}`);
    else {
      const messages = Object.entries(r.messages).map(([language, m]) => `${language} ${kib(m.gzipBytes)}`);
      console.log(
        `Initial JS ${r.label} [${r.chain.join(" + ")}]: ${kib(r.gzipBytes)} gzip in ${r.files.length} files; messages ${messages.join(", ")}`,
      );
    }
  }
  console.log(
    `\nLoad: ${SECONDS} s per target, ${CONNECTIONS} connections, ${server?.baseUrl}; CPU ms/req is our isolate's, ` +
      `from workerd's profiler (${SAMPLING_INTERVAL_US} µs sampling), wrangler's dev middleware subtracted`,
  );
  console.log(
    `Stores: ${SMALL.slug} and ${LARGE.slug} are generated (${SMALL.products} and ${LARGE.products} products); ` +
      `category "${BENCH_CATEGORY_SLUG}", search "${BENCH_SEARCH}"\n`,
  );
  printTable(results);
  printSplit(results);
  printProc(results);
  printLcp(lcp);
  printTapToLcp(tapToLcp);
  const distanceModel = modelDistance(distance);
  printDistance(distance);
  printDistanceModel(distanceModel);
  printOneDatabase(oneDatabase);
  printGoals(goals);
  printFlowVsHome("Add to cart, POST → 303 → GET /cart", addToCart);
  printFlowVsHome("Place order, POST /checkout → 303 → GET /order-placed/<id>", placeOrderVsHome);
  printScaling(scales);

  const totalSeconds = (performance.now() - started) / 1000;
  const report = {
    timestamp: new Date().toISOString(),
    node: process.version,
    commit: git("rev-parse", "--short", "HEAD"),
    dirty: git("status", "--porcelain") !== "", // the figures may come from uncommitted changes
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
    host: HOST,
    stores: { small: SMALL, large: LARGE, categorySlug: BENCH_CATEGORY_SLUG, search: BENCH_SEARCH },
    stepSeconds,
    totalSeconds,
    workerBundle: worker,
    isolateStartup: startup,
    initialJs: routes,
    samplingIntervalUs: SAMPLING_INTERVAL_US,
    targets: results,
    lcp: lcp ?? { skipped: "BENCH_LCP=0" },
    lcpConditions: LCP_CONDITIONS,
    tapToLcp: tapToLcp ?? { skipped: "BENCH_LCP=0" },
    distance,
    distanceModel,
    oneDatabase: oneDatabase ?? { skipped: "BENCH_D1=0" },
    goals,
    addToCart,
    placeOrderVsHome,
    scaling: scales,
    failedTargets: failed,
  };
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote bench-results/latest.json. Total time ${totalSeconds.toFixed(0)} s.`);
  if (failed.length > 0) {
    console.error(`Not timed (set-up failed, or warm-up got 4xx/5xx or errors): ${failed.join(", ")}`);
    process.exitCode = 1;
  }
  const lost = oneDatabase?.replace.watched.failed ?? [];
  if (lost.length > 0) {
    console.error(`Another store's requests failed or timed out during the catalogue replaces: ${lost.length}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
