import { type StoredTenant, storedTenantSchema, type Tenant } from "./tenant";
import { settingsOf } from "./tenant-settings";

/** How long a hostname → store entry stays in KV; an import deletes it at once. */
const HOST_CACHE_TTL_SECONDS = 300;

export function hostCacheKey(hostname: string): string {
  return `host:${hostname}`;
}

/** A store's row, its markers and all its settings in one statement, by hostname or by id. */
async function loadStoredTenant(db: D1Database, by: "hostname" | "id", value: string | number): Promise<StoredTenant | null> {
  const from =
    by === "hostname" ? "tenant_hosts h JOIN tenants t ON t.id = h.tenant_id WHERE h.hostname = ?1" : "tenants t WHERE t.id = ?1";
  const row = await db
    .prepare(
      `SELECT t.id, t.slug,
              (SELECT json_group_object(m.name, m.version) FROM cache_markers m WHERE m.tenant_id = t.id) AS markers,
              (SELECT json_group_object(s.key, s.value) FROM site_settings s WHERE s.tenant_id = t.id) AS settings
       FROM ${from}`,
    )
    .bind(value)
    .first<{ id: number; slug: string; markers: string; settings: string }>();
  if (!row) return null;
  const parsed = storedTenantSchema.safeParse({
    id: row.id,
    slug: row.slug,
    markers: JSON.parse(row.markers),
    settings: JSON.parse(row.settings),
  });
  return parsed.success ? parsed.data : null;
}

function tenantOf(stored: StoredTenant): Tenant {
  return { id: stored.id, slug: stored.slug, markers: stored.markers, settings: settingsOf(stored) };
}

/**
 * Finds the store for a hostname: KV first, D1 on a miss (then cached in the background). Unknown
 * hostnames are not cached, so a store imported a moment ago answers on its next request.
 */
export async function resolveTenant(
  env: { DB: D1Database; KV: KVNamespace },
  hostname: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Tenant | null> {
  const key = hostCacheKey(hostname);
  const cached = await env.KV.get(key, "json");
  if (cached !== null) {
    // Validated on read: a cached value from an older deploy must not be trusted blindly.
    const parsed = storedTenantSchema.safeParse(cached);
    if (parsed.success) return tenantOf(parsed.data);
  }
  const stored = await loadStoredTenant(env.DB, "hostname", hostname);
  if (!stored) return null;
  waitUntil(env.KV.put(key, JSON.stringify(stored), { expirationTtl: HOST_CACHE_TTL_SECONDS }));
  return tenantOf(stored);
}

/** A store by its id, from D1, for work no request's hostname names (the reconcile cron). */
export async function tenantById(db: D1Database, id: number): Promise<Tenant | null> {
  const stored = await loadStoredTenant(db, "id", id);
  return stored ? tenantOf(stored) : null;
}
