import { env } from "cloudflare:test";
import type { KeyScope } from "../../commerce/store-actor";
import { newStoreKey, storeKeyHash } from "../../worker/admin/store-keys";
import { request } from "./request";

/** A new API key of a store, stored as `npm run store:api-key` stores it (its hash only); answers the key. */
export async function storeKey(tenantId = 1, label = "test", scope: KeyScope = "all"): Promise<string> {
  const key = newStoreKey();
  await env.DB.prepare("INSERT INTO store_api_keys (tenant_id, key_hash, label, scope, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(tenantId, await storeKeyHash(key), label, scope, Date.now())
    .run();
  return key;
}

/** A call to the admin API with `key` as the bearer (none when null). */
export function adminCall(
  path: string,
  key: string | null,
  init: { method?: string; body?: unknown; host?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return request(init.host ?? "food.localhost", `/api/admin${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The order's status and payment status as stored, and its history, oldest first. */
export async function storedOrder(id: number) {
  const order = await env.DB.prepare("SELECT status, payment_status, cancel_reason FROM orders WHERE id = ?1")
    .bind(id)
    .first<{ status: string; payment_status: string; cancel_reason: string | null }>();
  const { results } = await env.DB.prepare(
    "SELECT status, payment_status, actor, note FROM order_status_history WHERE order_id = ?1 ORDER BY id",
  )
    .bind(id)
    .all<{ status: string; payment_status: string; actor: string; note: string }>();
  return { ...order!, history: results };
}
