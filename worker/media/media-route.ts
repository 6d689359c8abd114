import type { Context } from "hono";
import type { AppEnv } from "../env";
import { MEDIA_PATH, tenantOfAvatarKey } from "./avatars";

/** A year: an uploaded file's name changes with every upload, so what is served under one name never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves shoppers' uploads from the store's own origin. Only a key of this store's is served (another store's is a
 * 404 here, though its image is no secret), and only with the type sniffed at upload, so nothing uploaded runs as a
 * page.
 */
export async function serveMedia(c: Context<AppEnv>): Promise<Response> {
  const key = c.req.path.slice(MEDIA_PATH.length);
  if (tenantOfAvatarKey(key) !== c.var.tenant.id) return c.text("Not found", 404, { "Cache-Control": "no-store" });
  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers });
  if (object === null) return c.text("Not found", 404, { "Cache-Control": "no-store" });
  const headers = new Headers({
    "Cache-Control": IMMUTABLE,
    ETag: object.httpEtag,
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  // A conditional GET that matched: R2 answers the metadata without the body.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(c.req.method === "HEAD" ? null : object.body, { headers });
}
