/**
 * [LIVE_WATCHERS=1000] [LIVE_PORT=8791] [LIVE_IDLE_SECONDS=10] [LIVE_MOVES=3] npm run bench:live
 *
 * Issue 29's scale check (decision 051, docs/benchmark.md "Live orders"): serves the app with `npm start` on its own
 * port and throwaway state, places orders in the food store, opens LIVE_WATCHERS WebSockets to their live updates
 * (all on the store's one Durable Object; as many to each order as its cap allows, each order's from a client address of
 * its own, worker/live/socket-caps.ts) and one owner stream, then reports workerd's memory before and after, the
 * time from each owner-API move to the last watcher's message, and what the watchers cost while idle (CPU over
 * LIVE_IDLE_SECONDS, and for a round of keep-alive pings, which the object's auto-response answers).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { LIVE_SOCKET_CAPS } from "../worker/live/socket-caps";
import { productId } from "./bench/cart";
import { send } from "./bench/http";
import { OrderingPool } from "./bench/orders";
import { CLK_TCK, treeCpuTicks, treePids } from "./bench/proc";
import { startDevServer } from "./bench/server";

const WATCHERS = Number(process.env.LIVE_WATCHERS ?? 1000);
/** The store's object refuses more than this many sockets to one order, so the watchers are spread over orders. */
const PER_ORDER = LIVE_SOCKET_CAPS.order;
const ORDERS = Math.ceil(WATCHERS / PER_ORDER);
const PORT = Number(process.env.LIVE_PORT ?? 8791);
const IDLE_SECONDS = Number(process.env.LIVE_IDLE_SECONDS ?? 10);
const MOVES = ["confirmed", "packed", "out_for_delivery"].slice(0, Number(process.env.LIVE_MOVES ?? 3));
// 127.0.0.1 is the food store's address too (README), so the WebSockets need no Host header.
const HOST = "food.localhost";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of the tree's workerd processes, in MiB (our isolate, its Durable Object, miniflare's simulators). */
function workerdRssMiB(root: number): number {
  let kib = 0;
  for (const pid of treePids(root)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd")) continue;
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {} // exited meanwhile
  }
  return kib / 1024;
}

interface Watcher {
  socket: WebSocket;
  /** When each message arrived (performance.now()), with its text. */
  received: { at: number; text: string }[];
}

function openWatcher(url: string, headers: Record<string, string> = {}): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    // Node's WebSocket (undici) takes headers in its second argument.
    const socket = new WebSocket(url, { headers } as unknown as string[]);
    const watcher: Watcher = { socket, received: [] };
    socket.addEventListener("message", (event) => {
      watcher.received.push({ at: performance.now(), text: String(event.data) });
      if (watcher.received.length === 1) resolve(watcher);
    });
    socket.addEventListener("error", () => reject(new Error(`WebSocket to ${url} failed`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Places `count` orders, one customer each (registered from addresses of their own); answers their ids. */
async function placeOrders(baseUrl: string, count: number): Promise<string[]> {
  const pool = new OrderingPool();
  await pool.prepare(baseUrl, HOST, await productId(baseUrl, HOST, "paneer-tikka"), count);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await placeOrder(baseUrl, pool));
  return ids;
}

async function placeOrder(baseUrl: string, pool: OrderingPool): Promise<string> {
  const customer = pool.take();
  const headers = {
    Host: HOST,
    authorization: `Bearer ${customer.token}`,
    "content-type": "application/json",
    "idempotency-key": crypto.randomUUID(),
  };
  const body = {
    fulfillment: "delivery",
    address_id: customer.addressId,
    payment_method: "cod",
    expected_total: Number(customer.expectedTotal),
  };
  const answer = await send("POST", `${baseUrl}/api/place-order`, headers, JSON.stringify(body));
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return (JSON.parse(answer.text) as { order: { id: string } }).order.id;
}

async function main() {
  const server = await startDevServer(PORT, []);
  const stop = () => server.killNow();
  process.once("SIGINT", stop);
  try {
    await server.ready();
    const key = execFileSync(
      "npm",
      ["run", "--silent", "store:api-key", "--", "--store", "food", "--label", "bench-live", "--persist-to", server.stateDir],
      {
        encoding: "utf8",
      },
    )
      .trim()
      .split("\n")
      .at(-1);
    const orderIds = await placeOrders(server.baseUrl, ORDERS);
    const wsBase = server.baseUrl.replace(/^http/, "ws");
    const urlOf = (id: string) => `${wsBase}/api/order-updates?order_id=${id}`;
    // The moves are the first order's; its watchers are the first PER_ORDER.
    const orderId = orderIds[0]!;
    const orderUrl = urlOf(orderId);
    // `wrangler dev` keeps a CF-Connecting-IP the client sends: each order's watchers are one client of their own.
    const watcherOf = (i: number) => {
      const order = Math.floor(i / PER_ORDER);
      return openWatcher(urlOf(orderIds[order]!), { "CF-Connecting-IP": `198.18.${Math.floor(order / 250) % 256}.${(order % 250) + 1}` });
    };

    // One connection first, so the object and the isolate exist before the baseline.
    const first = await openWatcher(orderUrl);
    first.socket.close();
    await sleep(1000);
    const rssBefore = workerdRssMiB(server.pid);

    const connectStarted = performance.now();
    const watchers: Watcher[] = [];
    // The memory at half the watchers too: the slope between the two is what one more watcher costs, apart from the
    // one-time growth (the object's first sockets, buffers) that the first ones pay.
    const half = Math.floor(WATCHERS / 100) * 50;
    let rssHalf = rssBefore;
    for (let i = 0; i < WATCHERS; i += 50) {
      const batch = Math.min(50, WATCHERS - i);
      watchers.push(...(await Promise.all(Array.from({ length: batch }, (_, j) => watcherOf(i + j)))));
      if (watchers.length === half) {
        await sleep(1000);
        rssHalf = workerdRssMiB(server.pid);
      }
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const owner = await openWatcher(`${wsBase}/api/admin/order-updates`, { Authorization: `Bearer ${key}` });
    await sleep(2000);
    const rssAfter = workerdRssMiB(server.pid);

    const idleStart = treeCpuTicks(server.pid).workerd;
    await sleep(IDLE_SECONDS * 1000);
    const idleTicks = treeCpuTicks(server.pid).workerd - idleStart;

    const pingStart = treeCpuTicks(server.pid).workerd;
    const pongs = watchers.map((watcher) => watcher.received.length);
    for (const watcher of watchers) watcher.socket.send("ping");
    await sleep(2000);
    const pingTicks = treeCpuTicks(server.pid).workerd - pingStart;
    const ponged = watchers.filter((watcher, i) => watcher.received.slice(pongs[i]).some((message) => message.text === "pong")).length;

    const moves: { status: string; answerMs: number; lastMs: number; p50Ms: number; reached: number; ownerMs: number }[] = [];
    for (const status of MOVES) {
      const before = watchers.map((watcher) => watcher.received.length);
      const ownerBefore = owner.received.length;
      const started = performance.now();
      const answer = await send(
        "POST",
        `${server.baseUrl}/api/admin/orders/${orderId}/status`,
        { Host: HOST, authorization: `Bearer ${key}`, "content-type": "application/json" },
        JSON.stringify({ status }),
      );
      if (answer.status !== 200) throw new Error(`the move to ${status} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      const answerMs = performance.now() - started;
      await sleep(3000);
      const arrivals = watchers
        .map((watcher, i) => watcher.received.slice(before[i]).find((message) => message.text.includes(`"status":"${status}"`))?.at)
        .filter((at): at is number => at !== undefined)
        .map((at) => at - started)
        .sort((a, b) => a - b);
      const ownerAt = owner.received.slice(ownerBefore).find((message) => message.text.includes(`"status":"${status}"`))?.at;
      moves.push({
        status,
        answerMs,
        lastMs: arrivals.at(-1) ?? Number.NaN,
        p50Ms: percentile(arrivals, 50),
        reached: arrivals.length,
        ownerMs: ownerAt === undefined ? Number.NaN : ownerAt - started,
      });
    }
    for (const watcher of [...watchers, owner]) watcher.socket.close();

    const perWatcherKiB = ((rssAfter - rssHalf) * 1024) / (WATCHERS - half);
    const ms = (ticks: number) => (ticks * 1000) / CLK_TCK;
    console.log(
      `\nLive orders: ${WATCHERS} watchers (${PER_ORDER} to each of ${ORDERS} orders) on the food store's one Durable Object (wrangler dev, workerd)`,
    );
    console.log(`  connect all             ${connectSeconds.toFixed(1)} s (50 at a time)`);
    console.log(
      `  workerd RSS             ${rssBefore.toFixed(1)} MiB before → ${rssAfter.toFixed(1)} MiB with them (${rssHalf.toFixed(1)} MiB at half: ${perWatcherKiB.toFixed(1)} KiB a watcher more)`,
    );
    console.log(`  idle ${IDLE_SECONDS} s               ${ms(idleTicks)} ms of workerd CPU for all of them`);
    console.log(`  one ping each           ${ms(pingTicks)} ms of workerd CPU; ${ponged}/${WATCHERS} answered pong`);
    for (const move of moves) {
      console.log(
        `  move → ${move.status.padEnd(16)} API answered ${move.answerMs.toFixed(0)} ms; ${move.reached}/${Math.min(PER_ORDER, WATCHERS)} of the order's watchers told, median ${move.p50Ms.toFixed(0)} ms, last ${move.lastMs.toFixed(0)} ms; owner stream ${move.ownerMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
