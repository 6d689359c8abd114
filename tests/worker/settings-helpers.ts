import { env } from "cloudflare:test";
import { hostCacheKey, tenantById } from "../../worker/tenancy/resolve-tenant";
import type { Store } from "../../worker/tenancy/tenant";

/**
 * Changes one of a store's settings as an import does: the row, then its settings marker moves and its hostnames'
 * cached entries go, so the next request parses the new settings (worker/tenancy/tenant-settings.ts). Null removes it.
 */
export async function setSetting(tenantId: number, key: string, value: string | null): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM site_settings WHERE tenant_id = ?1 AND key = ?2").bind(tenantId, key),
    ...(value === null
      ? []
      : [env.DB.prepare("INSERT INTO site_settings (tenant_id, key, value) VALUES (?1, ?2, ?3)").bind(tenantId, key, value)]),
    env.DB.prepare("UPDATE cache_markers SET version = version + 1 WHERE tenant_id = ?1").bind(tenantId),
  ]);
  const hosts = await env.DB.prepare("SELECT hostname FROM tenant_hosts WHERE tenant_id = ?1").bind(tenantId).all<{ hostname: string }>();
  await Promise.all(hosts.results.map((row) => env.KV.delete(hostCacheKey(row.hostname))));
}

/** A store with its settings, as the code that works without a request (the cron) reads it. */
export async function storeOf(tenantId: number): Promise<Store> {
  const store = await tenantById(env.DB, "DB", tenantId);
  if (!store) throw new Error(`no store ${tenantId}`);
  return store;
}
