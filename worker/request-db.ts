import { SHOPPER_CACHE_CONTROL } from "../web/cache-control";
import { holdUntilAnswered } from "./after-answer";
import { benchDelayMs } from "./db/bench-delay";
import { readsBackItsWrites, sessionStart } from "./db/consistency";
import { type MeteredDb, meteredDb } from "./db/metered-db";
import { dbServerTiming } from "./db/server-timing";
import type { Env } from "./env";
import { keepDeploymentBindings } from "./placement/deployment-bindings";
import { bookmarkCookie, bookmarkFor, DB_BOOKMARK_COOKIE, readShopperCookies, setCookieHeader } from "./visitor/cookies";

/** Where each request's `env.DB` is placed, once its store is known (`placeRequestDb`). */
const placers = new WeakMap<D1Database, (name: string, db: D1Database) => void>();

/**
 * Sends the request's queries to its store's database (decision 061): called once the store is known
 * (worker/http/tenant-middleware.ts), before any query. One request reads one store database.
 */
export function placeRequestDb(requestDb: D1Database, name: string, db: D1Database): void {
  const place = placers.get(requestDb);
  if (place) place(name, db);
  // Code run with the deployment's own bindings (a test calling the API's routes) reads the binding it was given.
  else if (requestDb !== db) throw new Error(`placeRequestDb: ${name} is not the database this code was given`);
}

/**
 * Runs one request with its own metered D1 session as `env.DB` (worker/db/metered-db.ts), so the API, the pages and
 * their in-process calls all use it. The session opens on the store's database at the first query. Its answer says in
 * `Server-Timing` what the database cost, and, when the request wrote, carries the session's bookmark in the
 * shopper's cookie so their next request reads their own writes.
 */
export async function withRequestDb(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  handle: (env: Env) => Promise<Response>,
): Promise<Response> {
  const { dbBookmark } = readShopperCookies(request.headers.get("Cookie"));
  const path = new URL(request.url).pathname;
  const placement: { placed: { name: string; db: D1Database } | null } = { placed: null };
  const metered = meteredDb(
    () => {
      const placed = placement.placed;
      if (!placed) throw new Error(`${request.method} ${path} queried env.DB before its store was known`);
      // A bookmark from another database (the store has moved since) says only that the shopper wrote lately: their
      // first read then goes to the primary, which the move's copy reached before the store answered again.
      const own = dbBookmark === null ? null : bookmarkFor(dbBookmark, placed.name);
      const start = sessionStart(request.method, path, dbBookmark !== null && own === null ? "first-primary" : own);
      return { db: placed.db, session: placed.db.withSession(start) };
    },
    benchDelayMs(request, env),
  );
  keepDeploymentBindings(metered.db, env);
  placers.set(metered.db, (name, db) => {
    const placed = placement.placed;
    if (placed && placed.name !== name) throw new Error(`one request, two store databases: ${placed.name} and ${name}`);
    placement.placed = { name, db };
  });
  // Work queued for after the answer (worker/after-answer.ts) starts once the answer below is formed, or has failed.
  const answered = holdUntilAnswered(ctx);
  try {
    const response = await handle({ ...env, DB: metered.db });
    return answerWith(metered, readsBackItsWrites(path) ? placement.placed : null, dbBookmark, response);
  } finally {
    answered();
  }
}

/** The answer with its Server-Timing, and the bookmark of the database `placed` names when the request wrote there. */
function answerWith(metered: MeteredDb, placed: { name: string } | null, dbBookmark: string | null, response: Response): Response {
  // A switched protocol keeps its own answer: its headers cannot be copied onto a new one.
  if (response.status === 101 || response.webSocket) return response;
  const answer = new Response(response.body, response);
  answer.headers.append("Server-Timing", dbServerTiming(metered.meter));
  const bookmark = metered.bookmark();
  const cookie = placed && bookmark !== null ? DB_BOOKMARK_COOKIE.parse(bookmarkCookie(placed.name, bookmark)) : null;
  if (metered.meter.wrote && cookie !== null && cookie !== dbBookmark) {
    answer.headers.append("Set-Cookie", setCookieHeader(DB_BOOKMARK_COOKIE, cookie));
    // An answer no cache may keep stays as it is; any other becomes the shopper's own.
    if (!/\bno-store\b/.test(answer.headers.get("Cache-Control") ?? "")) answer.headers.set("Cache-Control", SHOPPER_CACHE_CONTROL);
  }
  return answer;
}
