import { createMiddleware } from "hono/factory";
import { drainUnread, readBodyAtMost } from "../../commerce/bounded-body";
import { STORE_IMAGE_BODY_LIMIT_BYTES } from "../../commerce/store-images";
import { UPLOAD_LIMIT_BYTES } from "../../commerce/uploads";
import type { AppEnv } from "../app-env";
import { handedOver, handOver } from "../http/handover";
import { ApiError } from "./errors";
import { isStoreFileCall, STORE_FILE_LIMIT_BYTES } from "./store-file-call";

/** Far more than any JSON call of ours sends. */
const JSON_LIMIT_BYTES = 64 * 1024;
/** The calls that take a file (POST) and their limits (commerce/uploads.ts, commerce/store-images.ts). */
const UPLOAD_LIMITS: ReadonlyMap<string, number> = new Map([
  ["/api/user/change-avatar", UPLOAD_LIMIT_BYTES],
  ["/api/admin/images", STORE_IMAGE_BODY_LIMIT_BYTES],
]);

/** The most a call's body may hold. */
export function bodyLimitOf(method: string, path: string): number {
  if (isStoreFileCall(method, path)) return STORE_FILE_LIMIT_BYTES;
  return (method === "POST" ? UPLOAD_LIMITS.get(path) : undefined) ?? JSON_LIMIT_BYTES;
}

/**
 * A call refused before its body was read (a store file or image without its key) reads it to its end after answering,
 * keeping none of it, as pages do (commerce/bounded-body.ts says why).
 */
export const drainRefusedBody = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  await next();
  await drainUnread(body);
});

/**
 * Every call's body is limited before a handler reads it: uploads and store files by their own limits, everything else
 * by the JSON one.
 * The body is read here, to its end even past the limit (commerce/bounded-body.ts says why), and handed on in memory.
 */
export const bodyLimits = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const limit = bodyLimitOf(c.req.method, c.req.path);
  const bytes = await readBodyAtMost(body, limit).catch(() => {
    throw new ApiError(400, "bad_request", "The request body could not be read.");
  });
  if (!bytes) throw new ApiError(413, "payload_too_large", `The request body is larger than ${limit / 1024} KiB.`);
  // The page's in-process calls carry what the page resolved keyed by the Request object: the new one carries it too.
  const resolved = handedOver(c.req.raw);
  const buffered = new Request(c.req.raw, { body: bytes });
  c.req.raw = resolved ? handOver(buffered, resolved) : buffered;
  return next();
});
