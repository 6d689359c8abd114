import type { Message } from "../../commerce/i18n/message";
import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE } from "../../commerce/uploads";
import { namedBatch, step } from "../db/batch";
import { extensionOf, sniffImageType } from "./image-type";

/** Where an avatar is served: the store's own origin, so no third party sees who looks at a profile. */
export const MEDIA_PATH = "/media/";

export function avatarUrl(key: string | null): string | null {
  return key === null ? null : `${MEDIA_PATH}${key}`;
}

/** The key of a new avatar: its store and customer (checked when it is served), then a fresh random name. */
function newAvatarKey(tenantId: number, customerId: number, extension: string): string {
  const name = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `avatars/${tenantId}/${customerId}/${name}.${extension}`;
}

/** The store an avatar key belongs to, or null for a key no avatar has. */
export function tenantOfAvatarKey(key: string): number | null {
  const match = /^avatars\/(\d{1,10})\/\d{1,10}\/[0-9a-f]{24}\.(?:png|jpg|webp)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** A refusal carries the shopper's message; `gone` is a customer deleted since their session was checked. */
export type AvatarOutcome = { ok: true; key: string } | { ok: false; message: Message } | { ok: false; gone: true };

/**
 * Stores a new avatar and points the customer at it, then deletes the one it replaces. The image is checked by
 * content; the object is written before the row, so the row never names a missing object.
 */
export async function replaceAvatar(
  env: { DB: D1Database; MEDIA: R2Bucket },
  tenantId: number,
  customerId: number,
  bytes: Uint8Array,
): Promise<AvatarOutcome> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_TOO_LARGE };
  const type = sniffImageType(bytes);
  if (type === null) return { ok: false, message: AVATAR_NOT_AN_IMAGE };
  const key = newAvatarKey(tenantId, customerId, extensionOf(type));
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type } });
  // One transaction: the key read is the one this update replaces.
  const ran = await namedBatch(env.DB, {
    oldAvatar: step<{ avatar_key: string | null }>(
      env.DB.prepare("SELECT avatar_key FROM customers WHERE id = ?1 AND tenant_id = ?2").bind(customerId, tenantId),
    ),
    newAvatar: step(
      env.DB.prepare("UPDATE customers SET avatar_key = ?3, updated_at = ?4 WHERE id = ?1 AND tenant_id = ?2").bind(
        customerId,
        tenantId,
        key,
        Date.now(),
      ),
    ),
  });
  if (ran.newAvatar.meta.changes === 0) {
    await env.MEDIA.delete(key);
    return { ok: false, gone: true };
  }
  const oldKey = ran.oldAvatar.results[0]?.avatar_key;
  if (oldKey) await env.MEDIA.delete(oldKey);
  return { ok: true, key };
}
