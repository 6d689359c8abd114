import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { UPLOAD_LIMIT_BYTES } from "../../commerce/uploads";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** Far more than any JSON call of ours sends. */
const JSON_LIMIT_BYTES = 64 * 1024;
/** The calls that take a file (POST), limited by commerce/uploads.ts. */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(["/api/user/change-avatar"]);

function tooLarge(limit: number) {
  return bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The request body is larger than ${limit / 1024} KiB.`);
    },
  });
}

const jsonLimit = tooLarge(JSON_LIMIT_BYTES);
const uploadLimit = tooLarge(UPLOAD_LIMIT_BYTES);

/** Every call's body is limited before it is read: uploads by their own limit, everything else by the JSON one. */
export const bodyLimits = createMiddleware<AppEnv>((c, next) =>
  (c.req.method === "POST" && UPLOAD_PATHS.has(c.req.path) ? uploadLimit : jsonLimit)(c, next),
);
