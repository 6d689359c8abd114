// A store's catalogue replaced through the store API (PUT /api/admin/store), timed by its own Server-Timing, and
// another store's shoppers watched while it runs (the benchmark's "One database and many" section).
import { randomUUID } from "node:crypto";
import { type DbTiming, dbTiming, send } from "./http";
import type { GeneratedStore } from "./stores";

/** The store whose catalogue is replaced: 60,000 plain products, a file that fits the store API's 16 MiB. */
export const CATALOGUE_REPLACE: GeneratedStore = { slug: "bench-60k", host: "bench-60k.localhost", products: 60_000, plain: true };

/** One request another store's shopper sends, and the status it answers when all is well. */
export interface OtherStoreRequest {
  host: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Sent as a new guest each time (a `guest-id` of its own), so every add starts a cart of one line. */
  guest?: boolean;
  ok: number;
}

/**
 * Another store's page, API read and cart add, sent again and again while a replace runs: the add is a write to the
 * other store's database, and a request with a body (wrangler dev's proxy treats those differently, decision 062).
 */
export const OTHER_STORE_REQUESTS: OtherStoreRequest[] = [
  { host: "food.localhost", method: "GET", path: "/product/margherita-pizza", ok: 200 },
  { host: "food.localhost", method: "GET", path: "/api/get-product?slug=margherita-pizza", ok: 200 },
  { host: "food.localhost", method: "POST", path: "/api/cart/add", body: '{"product_id":1,"quantity":1}', guest: true, ok: 201 },
];

/**
 * How long one of them may take: the local runtime serves every store from one thread, so each waits out the
 * replace's whole database time (about 10 s here); past 30 s (Playwright's default navigation timeout, and D1's
 * longest query) it counts as timed out.
 */
export const REPLACE_CLIENT_TIMEOUT_MS = 30_000;

export interface Replaced {
  status: number;
  /** At the client: the upload of the file, the Worker's checks and the database's work. */
  ms: number;
  db: DbTiming | null;
  /** Products in the store after the replace, as the answer says. */
  products?: number;
  text: string;
}

/** PUT /api/admin/store with the store file `body` (its JSON) as the store's owner, with one of its keys. */
export async function replaceStore(baseUrl: string, host: string, key: string, body: string): Promise<Replaced> {
  const headers = { Host: host, authorization: `Bearer ${key}`, "content-type": "application/json" };
  const started = performance.now();
  const response = await send("PUT", `${baseUrl}/api/admin/store`, headers, body);
  const ms = performance.now() - started;
  const answer = response.status === 200 ? (JSON.parse(response.text) as { products: number }) : undefined;
  return { status: response.status, ms, db: dbTiming(response.headers["server-timing"]), products: answer?.products, text: response.text };
}

/** One request of the watched store, as sent while the replace ran. */
export interface Watched {
  host: string;
  method: string;
  path: string;
  /** When it was sent, ms after the watch began. */
  sentMs: number;
  ms: number;
  /** 0 when it failed to connect or had no answer within the timeout (then `error` says which). */
  status: number;
  error?: string;
}

export interface Watch {
  requests: Watched[];
  /** Requests that did not answer as they should (`ok`) within the timeout. */
  failed: Watched[];
  /** Requests sent before the watched work had finished. */
  sentDuring: number;
  maxMs: number;
}

/**
 * Sends each of `targets` again and again, one at a time per target, each on a new connection with `timeoutMs`, until
 * `work` has settled; answers what `work` answered and what each request got. The requests in flight when `work`
 * settles are waited for, so a request that hangs is reported as such.
 */
export async function watchWhile<T>(
  baseUrl: string,
  targets: OtherStoreRequest[],
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<{ result: T; watch: Watch }> {
  const begun = performance.now();
  const requests: (Watched & { ok: number })[] = [];
  let done = false;
  let doneMs = Number.POSITIVE_INFINITY;
  const loop = async ({ host, method, path, body, guest, ok }: OtherStoreRequest) => {
    while (!done) {
      const sentMs = performance.now() - begun;
      const headers: Record<string, string> = { Host: host, ...(body ? { "content-type": "application/json" } : {}) };
      if (guest) headers["guest-id"] = randomUUID();
      const sent = { host, method, path, sentMs, ok };
      try {
        const response = await send(method, `${baseUrl}${path}`, headers, body, { timeoutMs, newConnection: true });
        requests.push({ ...sent, ms: performance.now() - begun - sentMs, status: response.status });
      } catch (error) {
        requests.push({ ...sent, ms: performance.now() - begun - sentMs, status: 0, error: (error as Error).message });
      }
    }
  };
  const loops = targets.map(loop);
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    doneMs = performance.now() - begun;
    await Promise.all(loops);
  }
  return {
    result,
    watch: {
      requests,
      failed: requests.filter((r) => r.status !== r.ok),
      sentDuring: requests.filter((r) => r.sentMs < doneMs).length,
      maxMs: Math.max(0, ...requests.map((r) => r.ms)),
    },
  };
}
