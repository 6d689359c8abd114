import { step } from "../db/batch";
/**
 * The directory's queries (decision 061, migrations-directory/): which store a hostname is, and which store database
 * holds it. The only database a request reads before it knows its store; nothing on a shopper's path reads it once
 * the hostname cache (KV) knows the store.
 */

export interface DirectoryStore {
  id: number;
  slug: string;
  /** The binding of the store database that holds its rows. */
  database: string;
}

const STORE_COLUMNS = "s.id, s.slug, s.database";

export function storeByHost(directory: D1Database, hostname: string): Promise<DirectoryStore | null> {
  return directory
    .prepare(`SELECT ${STORE_COLUMNS} FROM store_hosts h JOIN stores s ON s.id = h.store_id WHERE h.hostname = ?1`)
    .bind(hostname)
    .first<DirectoryStore>();
}

export function storeBySlug(directory: D1Database, slug: string): Promise<DirectoryStore | null> {
  return directory.prepare(`SELECT ${STORE_COLUMNS} FROM stores s WHERE s.slug = ?1`).bind(slug).first<DirectoryStore>();
}

export async function allStores(directory: D1Database): Promise<DirectoryStore[]> {
  return (await directory.prepare(`SELECT ${STORE_COLUMNS} FROM stores s ORDER BY s.id`).all<DirectoryStore>()).results;
}

/** How many stores each database holds (databases holding none are absent). */
export async function storeCounts(directory: D1Database): Promise<Map<string, number>> {
  const rows = await directory
    .prepare("SELECT database, COUNT(*) AS stores FROM stores GROUP BY database")
    .all<{ database: string; stores: number }>();
  return new Map(rows.results.map((row) => [row.database, row.stores]));
}

/** Which of `hostnames` already belong to another store than `storeId`, with that store's slug. */
export async function hostsTakenElsewhere(
  directory: D1Database,
  storeId: number | null,
  hostnames: string[],
): Promise<{ hostname: string; slug: string }[]> {
  const rows = await directory
    .prepare(
      `SELECT h.hostname, s.slug FROM store_hosts h JOIN stores s ON s.id = h.store_id
       WHERE h.store_id <> ?1 AND h.hostname IN (SELECT value FROM json_each(?2))`,
    )
    .bind(storeId ?? 0, JSON.stringify(hostnames))
    .all<{ hostname: string; slug: string }>();
  return rows.results;
}

/** The statements that make `hostnames` the store's exactly (those it had and no longer lists are let go). */
export function setHostsSteps(directory: D1Database, storeId: number, hostnames: string[]) {
  return {
    letGo: step(
      directory
        .prepare("DELETE FROM store_hosts WHERE store_id = ?1 AND hostname NOT IN (SELECT value FROM json_each(?2))")
        .bind(storeId, JSON.stringify(hostnames)),
    ),
    added: step(
      directory
        .prepare(
          "INSERT INTO store_hosts (hostname, store_id) SELECT value, ?1 FROM json_each(?2) WHERE true ON CONFLICT (hostname) DO NOTHING",
        )
        .bind(storeId, JSON.stringify(hostnames)),
    ),
  };
}
