import { SHOPPER_CACHE_CONTROL } from "../commerce/cache-control";
import { holdUntilAnswered } from "./after-answer";
import { benchDelayMs } from "./db/bench-delay";
import { sessionStart } from "./db/consistency";
import { type MeteredDb, meteredDb } from "./db/metered-db";
import { dbServerTiming } from "./db/server-timing";
import type { Env } from "./env";
import { DB_BOOKMARK_COOKIE, readShopperCookies, setCookieHeader } from "./visitor/cookies";

/**
 * Runs one request with its own metered D1 session as `env.DB` (worker/db/metered-db.ts), so the API, the pages and
 * their in-process calls all use it. Its answer says in `Server-Timing` what the database cost, and, when the request
 * wrote, carries the session's bookmark in the shopper's cookie so their next request reads their own writes.
 */
export async function withRequestDb(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  handle: (env: Env) => Promise<Response>,
): Promise<Response> {
  const { dbBookmark } = readShopperCookies(request.headers.get("Cookie"));
  const start = sessionStart(request.method, new URL(request.url).pathname, dbBookmark);
  const metered = meteredDb(env.DB, start, benchDelayMs(request, env));
  // Work queued for after the answer (worker/after-answer.ts) starts once the answer below is formed, or has failed.
  const answered = holdUntilAnswered(ctx);
  try {
    return answerWith(metered, dbBookmark, await handle({ ...env, DB: metered.db }));
  } finally {
    answered();
  }
}

function answerWith(metered: MeteredDb, dbBookmark: string | null, response: Response): Response {
  // A switched protocol keeps its own answer: its headers cannot be copied onto a new one.
  if (response.status === 101 || response.webSocket) return response;
  const answer = new Response(response.body, response);
  answer.headers.append("Server-Timing", dbServerTiming(metered.meter));
  const bookmark = metered.bookmark();
  if (metered.meter.wrote && bookmark !== null && bookmark !== dbBookmark && DB_BOOKMARK_COOKIE.parse(bookmark) !== null) {
    answer.headers.append("Set-Cookie", setCookieHeader(DB_BOOKMARK_COOKIE, bookmark));
    // An answer no cache may keep stays as it is; any other becomes the shopper's own.
    if (!/\bno-store\b/.test(answer.headers.get("Cache-Control") ?? "")) answer.headers.set("Cache-Control", SHOPPER_CACHE_CONTROL);
  }
  return answer;
}
