import type { KeyScope } from "../../commerce/store-actor";
import { newToken, tokenHash } from "../accounts/tokens";
import type { Statement } from "../store-import/plan/rows";

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

export interface StoreKey {
  id: number;
  scope: KeyScope;
}

/**
 * The live key of this store that `key` is, noting its use; null for an unknown or revoked key, or another store's (a
 * key opens one store only).
 */
export async function checkStoreKey(db: D1Database, tenantId: number, key: string, now: number = Date.now()): Promise<StoreKey | null> {
  if (!isStoreKey(key)) return null;
  return db
    .prepare(
      "UPDATE store_api_keys SET last_used_at = ?3 WHERE key_hash = ?1 AND tenant_id = ?2 AND revoked_at IS NULL RETURNING id, scope",
    )
    .bind(await storeKeyHash(key), tenantId, now)
    .first<StoreKey>();
}

/** The row that records a new key of the store (its hash only); the key itself is shown once, to its maker. */
export function insertStoreKey(tenantId: number, keyHash: string, label: string, scope: KeyScope): Statement {
  return {
    sql: "INSERT INTO store_api_keys (tenant_id, key_hash, label, scope, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    params: [tenantId, keyHash, label, scope, Date.now()],
  };
}

/** A key as its store sees it: never the key, nor its hash. */
export interface StoreKeyRow {
  id: number;
  label: string;
  scope: KeyScope;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

const KEY_COLUMNS = "id, label, scope, created_at, last_used_at, revoked_at";

/** The store's keys, live and revoked, oldest first. */
export async function listStoreKeys(db: D1Database, tenantId: number): Promise<StoreKeyRow[]> {
  const { results } = await db
    .prepare(`SELECT ${KEY_COLUMNS} FROM store_api_keys WHERE tenant_id = ?1 ORDER BY id`)
    .bind(tenantId)
    .all<StoreKeyRow>();
  return results;
}

/** Makes a key of the store; answers the key (to be shown once) and its row. */
export async function makeStoreKey(
  db: D1Database,
  tenantId: number,
  label: string,
  scope: KeyScope,
): Promise<{ key: string; row: StoreKeyRow }> {
  const key = newStoreKey();
  const insert = insertStoreKey(tenantId, await storeKeyHash(key), label, scope);
  const row = await db
    .prepare(`${insert.sql} RETURNING ${KEY_COLUMNS}`)
    .bind(...insert.params)
    .first<StoreKeyRow>();
  return { key, row: row! };
}

/**
 * Revokes the store's key `id` (a revoked key stays revoked, with its first revoked_at): the very next call with it is
 * 401, as every call checks its key in D1. Answers its row; null when the store has no such key.
 */
export async function revokeStoreKey(db: D1Database, tenantId: number, id: number, now: number = Date.now()): Promise<StoreKeyRow | null> {
  return db
    .prepare(`UPDATE store_api_keys SET revoked_at = coalesce(revoked_at, ?3) WHERE id = ?1 AND tenant_id = ?2 RETURNING ${KEY_COLUMNS}`)
    .bind(id, tenantId, now)
    .first<StoreKeyRow>();
}
