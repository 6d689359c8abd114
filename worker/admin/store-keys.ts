import { newToken, tokenHash } from "../accounts/tokens";

/**
 * A store owner's API keys (migrations/0013, decision 026): `sk_` and 256 random bits, base64url. Only the key's
 * SHA-256 is kept (a fast hash suffices for 256 random bits, as for session tokens); the key is shown once, when made.
 */

const STORE_KEY = /^sk_[A-Za-z0-9_-]{43}$/;

export function newStoreKey(): string {
  return `sk_${newToken()}`;
}

export function isStoreKey(text: string | null | undefined): text is string {
  return text != null && STORE_KEY.test(text);
}

export const storeKeyHash = tokenHash;

/**
 * The id of the live key of this store that `key` is, noting its use; null for an unknown or revoked key, or another
 * store's (a key opens one store only).
 */
export async function checkStoreKey(db: D1Database, tenantId: number, key: string, now: number = Date.now()): Promise<number | null> {
  if (!isStoreKey(key)) return null;
  const row = await db
    .prepare("UPDATE store_api_keys SET last_used_at = ?3 WHERE key_hash = ?1 AND tenant_id = ?2 AND revoked_at IS NULL RETURNING id")
    .bind(await storeKeyHash(key), tenantId, now)
    .first<{ id: number }>();
  return row?.id ?? null;
}
