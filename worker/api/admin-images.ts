import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import {
  STORE_IMAGE_KINDS,
  STORE_IMAGE_MAX_BYTES,
  STORE_IMAGE_MISSING,
  STORE_IMAGE_NOT_AN_IMAGE,
  STORE_IMAGE_TOO_LARGE,
} from "../../commerce/store-images";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { sniffImageType } from "../media/image-type";
import { saveStoreImage } from "../media/store-images";
import { storeSite } from "../tenancy/tenant-origin";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/** The image's bytes: the whole body, or the `file` field of a multipart form (what `curl -F file=@…` sends). */
async function uploadedBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "");
  if (!multipart) return new Uint8Array(await request.arrayBuffer());
  const form = await request.formData().catch(() => {
    throw new ApiError(400, "bad_request", message("errors.multipart_unreadable"));
  });
  const file = form.get("file");
  return typeof file === "string" || file === null ? new Uint8Array() : new Uint8Array(await file.arrayBuffer());
}

/**
 * The store's images (decision 042), under /api/admin (the store's key): an upload is checked by its bytes and kept
 * in R2 under its content's hash, and the answer is its address on the store's host, for the store file to use.
 */
export const adminImagesApi = new Hono<AppEnv>().post("/", validate("query", z.object({ kind: z.enum(STORE_IMAGE_KINDS) })), async (c) => {
  const bytes = await uploadedBytes(c.req.raw);
  if (bytes.byteLength === 0) throw new ApiError(400, "image_missing", STORE_IMAGE_MISSING);
  if (bytes.byteLength > STORE_IMAGE_MAX_BYTES) throw new ApiError(413, "image_too_large", STORE_IMAGE_TOO_LARGE);
  const type = sniffImageType(bytes);
  if (type === null) throw new ApiError(415, "unsupported_image_type", STORE_IMAGE_NOT_AN_IMAGE);
  const store = { tenantId: c.var.tenant.id, origin: storeSite(c.req.url).origin };
  const { image, created } = await saveStoreImage(c.env.MEDIA, store, c.req.valid("query").kind, type, bytes);
  return c.json(image, created ? 201 : 200, PRIVATE_ANSWER);
});
