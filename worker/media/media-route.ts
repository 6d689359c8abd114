import type { Context } from "hono";
import { STORE_IMAGE_PATH } from "../../commerce/store-images";
import type { AppEnv } from "../app-env";
import { MEDIA_PATH, tenantOfAvatarKey } from "./avatars";
import { storeImageKeyOf } from "./store-images";

/**
 * A year: an avatar's name changes with every upload and a store image's name is its content's hash, so what is
 * served under one name never changes.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The R2 key an address under /media/ names on this store's host, or null. An avatar's address is its key, which
 * names its store; a store image's address names only its content, and the key is looked up under this store's id.
 */
function mediaKeyOf(path: string, tenantId: number): string | null {
  if (path.startsWith(STORE_IMAGE_PATH)) return storeImageKeyOf(path.slice(STORE_IMAGE_PATH.length), tenantId);
  const key = path.slice(MEDIA_PATH.length);
  return tenantOfAvatarKey(key) === tenantId ? key : null;
}

/**
 * Serves uploads (shoppers' avatars, the store's images) from the store's own origin. Only a key of this store's is
 * served (another store's is a 404 here, though its image is no secret), and only with the type sniffed at upload, so
 * nothing uploaded runs as a page.
 */
export async function serveMedia(c: Context<AppEnv>): Promise<Response> {
  const key = mediaKeyOf(c.req.path, c.var.tenant.id);
  if (key === null) return c.text("Not found", 404, { "Cache-Control": "no-store" });
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
