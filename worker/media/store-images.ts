import { STORE_IMAGE_PATH, type StoreImageKind } from "../../commerce/store-images";
import { sha256Hex } from "../../web/sha256";
import { extensionOf, type ImageType } from "./image-type";

/** An image's name: the SHA-256 of its bytes (hex) and the extension of its sniffed type. */
const IMAGE_NAME = /^[0-9a-f]{64}\.(?:png|jpg|webp)$/;

/** The R2 key of a store's image: the store's id first, so the same name on another store's host is another key. */
function imageKey(tenantId: number, name: string): string {
  return `images/${tenantId}/${name}`;
}

/** The R2 key a `/media/images/<name>` address names on this store's host, or null for no image name. */
export function storeImageKeyOf(name: string, tenantId: number): string | null {
  return IMAGE_NAME.test(name) ? imageKey(tenantId, name) : null;
}

/** What POST /api/admin/images answers. */
export interface StoreImageAnswer {
  /** The image's address on the store's host, with the host: `path` is the same without it. */
  url: string;
  /** The address a store file refers to (`/media/images/<sha-256>.<ext>`). */
  path: string;
  kind: StoreImageKind;
  content_type: ImageType;
  bytes: number;
}

/**
 * Keeps a checked image under its content's name, once per store: uploading the same bytes again writes nothing and
 * answers the same address, so what an address serves never changes and may be cached for good.
 */
export async function saveStoreImage(
  bucket: R2Bucket,
  store: { tenantId: number; origin: string },
  kind: StoreImageKind,
  type: ImageType,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<{ image: StoreImageAnswer; created: boolean }> {
  const hash = await sha256Hex(bytes);
  const name = `${hash}.${extensionOf(type)}`;
  const key = imageKey(store.tenantId, name);
  const existing = await bucket.head(key);
  if (existing === null) {
    // R2 checks the bytes it received against the hash, so the name always matches the content.
    await bucket.put(key, bytes, { httpMetadata: { contentType: type }, customMetadata: { kind }, sha256: hash });
  }
  const path = `${STORE_IMAGE_PATH}${name}`;
  const image = { url: `${store.origin}${path}`, path, kind, content_type: type, bytes: bytes.byteLength };
  return { image, created: existing === null };
}
