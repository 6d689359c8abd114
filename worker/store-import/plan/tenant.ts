import type { StoreFile } from "../store-file-schema";
import type { ImportStep, Statement } from "./rows";

/** The names the storefront caches the store's rows under; the import bumps each so no copy of the old store is served. */
const CACHE_MARKERS = ["settings", "layouts", "branches", "products"] as const;

/** The store's own row: created on its first import, its slug kept current on every one after. */
export function upsertTenant(store: StoreFile, tenantId: number): Statement {
  return {
    sql: "INSERT INTO tenants (id, slug) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET slug = excluded.slug",
    params: [tenantId, store.slug],
  };
}

/** The hostnames the store answers on (the import has already refused one that belongs to another store). */
export const hostRows: ImportStep = ({ store, tenantId }) => [
  { table: "tenant_hosts", columns: ["hostname", "tenant_id"], rows: store.hostnames.map((h) => [h, tenantId]) },
];

export function bumpCacheMarkers(tenantId: number): Statement {
  return {
    sql: `INSERT INTO cache_markers (tenant_id, name, version) VALUES ${CACHE_MARKERS.map((_, i) => `(?1, ?${i + 2}, 1)`).join(", ")}
            ON CONFLICT (tenant_id, name) DO UPDATE SET version = version + 1`,
    params: [tenantId, ...CACHE_MARKERS],
  };
}
