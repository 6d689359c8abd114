import { decimalPlacesFrom } from "../../commerce/money";
import { enabledPlugins, PLUGIN_CODES, toggleKey } from "../../commerce/plugins";
import { type Tenant, tenantSchema } from "./tenant";

/** How long a hostname → store entry stays in KV; an import deletes it at once. */
const HOST_CACHE_TTL_SECONDS = 300;

export function hostCacheKey(hostname: string): string {
  return `host:${hostname}`;
}

const PLUGIN_TOGGLES = PLUGIN_CODES.map((code) => `'${toggleKey(code)}'`).join(", ");

async function loadTenant(db: D1Database, hostname: string): Promise<Tenant | null> {
  const row = await db
    .prepare(
      `SELECT t.id, t.slug,
              (SELECT s.value FROM site_settings s WHERE s.tenant_id = t.id AND s.key = 'decimalPlaces') AS decimal_places,
              (SELECT json_group_object(m.name, m.version) FROM cache_markers m WHERE m.tenant_id = t.id) AS markers,
              (SELECT json_group_object(s.key, s.value) FROM site_settings s
               WHERE s.tenant_id = t.id AND s.key IN (${PLUGIN_TOGGLES})) AS plugin_toggles,
              (SELECT s.value FROM site_settings s WHERE s.tenant_id = t.id AND s.key = 'adminOrigin') AS admin_origin
       FROM tenant_hosts h JOIN tenants t ON t.id = h.tenant_id
       WHERE h.hostname = ?1`,
    )
    .bind(hostname)
    .first<{
      id: number;
      slug: string;
      decimal_places: string | null;
      markers: string;
      plugin_toggles: string;
      admin_origin: string | null;
    }>();
  if (!row) return null;
  const parsed = tenantSchema.safeParse({
    id: row.id,
    slug: row.slug,
    decimalPlaces: decimalPlacesFrom(row.decimal_places),
    markers: JSON.parse(row.markers),
    plugins: enabledPlugins(JSON.parse(row.plugin_toggles)),
    adminOrigin: row.admin_origin,
  });
  return parsed.success ? parsed.data : null;
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
    const parsed = tenantSchema.safeParse(cached);
    if (parsed.success) return parsed.data;
  }
  const tenant = await loadTenant(env.DB, hostname);
  if (tenant) waitUntil(env.KV.put(key, JSON.stringify(tenant), { expirationTtl: HOST_CACHE_TTL_SECONDS }));
  return tenant;
}
