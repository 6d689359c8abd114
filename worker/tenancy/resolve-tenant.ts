import { type DirectoryStore, storeByHost } from "../placement/directory";
import { ensureSchema } from "../placement/schema-version";
import { storeDatabase } from "../placement/store-databases";
import { type StoredTenant, storedTenantSchema, type Tenant } from "./tenant";
import { settingsOf } from "./tenant-settings";

/** How long a hostname → store entry stays in KV; an import or a move deletes it at once. */
const HOST_CACHE_TTL_SECONDS = 300;

export function hostCacheKey(hostname: string): string {
  return `host:${hostname}`;
}

/** A store's row, its markers and all its settings in one statement, from the store's own database. */
async function loadStoredTenant(db: D1Database, entry: Pick<DirectoryStore, "id" | "database">): Promise<StoredTenant | null> {
  const row = await db
    .prepare(
      `SELECT t.id, t.slug,
              (SELECT json_group_object(m.name, m.version) FROM cache_markers m WHERE m.tenant_id = t.id) AS markers,
              (SELECT json_group_object(s.key, s.value) FROM site_settings s WHERE s.tenant_id = t.id) AS settings
       FROM tenants t WHERE t.id = ?1`,
    )
    .bind(entry.id)
    .first<{ id: number; slug: string; markers: string; settings: string }>();
  if (!row) return null;
  const parsed = storedTenantSchema.safeParse({
    id: row.id,
    slug: row.slug,
    database: entry.database,
    markers: JSON.parse(row.markers),
    settings: JSON.parse(row.settings),
  });
  return parsed.success ? parsed.data : null;
}

function tenantOf(stored: StoredTenant): Tenant {
  return { id: stored.id, slug: stored.slug, database: stored.database, markers: stored.markers, settings: settingsOf(stored) };
}

/**
 * Finds the store for a hostname: KV first; on a miss the directory says which store and which database, and the
 * store's database gives its settings (then cached in the background). Unknown hostnames are not cached, so a store
 * created a moment ago answers on its next request. A store whose database this deployment lacks, or has not
 * migrated, throws DatabaseUnavailableError or SchemaBehindError (worker/placement/).
 */
export async function resolveTenant(
  env: { DIRECTORY: D1Database; KV: KVNamespace; STORE_DATABASES?: string },
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
  const entry = await storeByHost(env.DIRECTORY, hostname);
  if (!entry) return null;
  const db = storeDatabase(env, entry.database);
  await ensureSchema(entry.database, db);
  const stored = await loadStoredTenant(db, entry);
  if (!stored) return null;
  waitUntil(env.KV.put(key, JSON.stringify(stored), { expirationTtl: HOST_CACHE_TTL_SECONDS }));
  return tenantOf(stored);
}

/** A store by its id, from the store database that holds it, for work no request's hostname names (the cron, a move). */
export async function tenantById(db: D1Database, database: string, id: number): Promise<Tenant | null> {
  const stored = await loadStoredTenant(db, { id, database });
  return stored ? tenantOf(stored) : null;
}
