import { createMiddleware } from "hono/factory";
import { message } from "../../commerce/i18n/message";
import { BEACON_LIMIT_BYTES, PAGE_SPEED_PATH } from "../../commerce/page-beacon";
import { STORE_IMAGE_BODY_LIMIT_BYTES } from "../../commerce/store-images";
import { UPLOAD_LIMIT_BYTES } from "../../commerce/uploads";
import { declaredLength, drainUnread, readBodyAtMost } from "../../web/bounded-body";
import type { AppEnv } from "../app-env";
import { ApiError } from "./errors";

/**
 * A 10,000-product file of scripts/generate-store.ts is 3.5 MB; 16 MiB holds about 45,000 such products and leaves the
 * Worker's 128 MB room for the parsed file and its rows. Larger stores import with the CLI's local path.
 */
export const STORE_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

/** The calls that take a store file (decision 040: worker/api/store-file-call.ts reads and imports it). */
const STORE_FILE_CALLS = /^\/api\/(admin\/store(\/[^/]+)?|platform\/stores)$/;

function isStoreFileCall(method: string, path: string): boolean {
  return (method === "PUT" || method === "POST") && STORE_FILE_CALLS.test(path);
}

/** Far more than any JSON call of ours sends. */
const JSON_LIMIT_BYTES = 64 * 1024;
/**
 * The POST calls with limits of their own: those that take a file (commerce/uploads.ts, commerce/store-images.ts), and
 * the page-speed beacon, which anyone may send and whose few fields need no more (commerce/page-beacon.ts).
 */
const POST_LIMITS: ReadonlyMap<string, number> = new Map([
  ["/api/user/change-avatar", UPLOAD_LIMIT_BYTES],
  ["/api/admin/images", STORE_IMAGE_BODY_LIMIT_BYTES],
  [PAGE_SPEED_PATH, BEACON_LIMIT_BYTES],
]);

const tooLarge = (limit: number) => new ApiError(413, "payload_too_large", message("errors.body_too_large", { kib: limit / 1024 }));

/** The most a call's body may hold. */
export function bodyLimitOf(method: string, path: string): number {
  if (isStoreFileCall(method, path)) return STORE_FILE_LIMIT_BYTES;
  return (method === "POST" ? POST_LIMITS.get(path) : undefined) ?? JSON_LIMIT_BYTES;
}

/**
 * A call answered from its headers alone (no key, a key of another scope, a body declared too large: decision 059)
 * answers at once, and only then reads its body to its end, keeping none of it: the answer's bytes go out whole (its
 * length is fixed), while its stream stays open until the body has been read, which keeps `wrangler dev`'s proxy
 * connection whole (web/bounded-body.ts). The client need not send the rest to read the answer.
 */
export const answerBeforeTheBody = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  await next();
  if (!body || body.locked) return;
  if (!c.res.body) return drainUnread(body);
  const answer = new Uint8Array(await c.res.arrayBuffer());
  const { readable, writable } = new FixedLengthStream(answer.byteLength);
  const writer = writable.getWriter();
  writer.write(answer).catch(() => undefined);
  drainUnread(body).then(() => writer.close().catch(() => undefined));
  c.res = new Response(readable, c.res);
});

/**
 * Every call's body is limited before a handler reads it: uploads and store files by their own limits, everything else
 * by the JSON one. A body declared larger is refused from its headers, unread; one that turns out larger is read to its
 * end all the same (web/bounded-body.ts says why). The body is handed on in memory.
 */
export const bodyLimits = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const limit = bodyLimitOf(c.req.method, c.req.path);
  const declared = declaredLength(c.req.raw.headers);
  if (typeof declared === "number" && declared > limit) throw tooLarge(limit);
  const bytes = await readBodyAtMost(body, limit).catch(() => {
    throw new ApiError(400, "bad_request", message("errors.body_unreadable"));
  });
  if (!bytes) throw tooLarge(limit);
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});
