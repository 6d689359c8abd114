import { rowsOf } from "../db/sql";

/** Some of a store's site settings, for a batch; the keys are bound (a JSON array), never spliced into the SQL. */
export function settingsStatement(db: D1Database, tenantId: number, keys: readonly string[]): D1PreparedStatement {
  return db
    .prepare("SELECT key, value FROM site_settings WHERE tenant_id = ?1 AND key IN (SELECT value FROM json_each(?2))")
    .bind(tenantId, JSON.stringify(keys));
}

/** The settings a `settingsStatement` read, by key (a key the store does not set is absent). */
export function settingsFrom(result: D1Result<unknown> | undefined): Record<string, string> {
  return Object.fromEntries(rowsOf<{ key: string; value: string }>(result).map((s) => [s.key, s.value]));
}

/** Some of a store's site settings, read on their own. */
export async function readSettings(db: D1Database, tenantId: number, keys: readonly string[]): Promise<Record<string, string>> {
  return settingsFrom(await settingsStatement(db, tenantId, keys).all());
}
