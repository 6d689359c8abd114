import { namedBatch, type Step, step } from "../db/batch";
import { storeBySlug } from "../placement/directory";
import { configuredDatabase, storeDatabase } from "../placement/store-databases";
import { hostCacheKey } from "../tenancy/resolve-tenant";
import { DERIVED_TABLES, type StoreTable, storeTables } from "./store-tables";

/** Why a move was refused; the API answers each with its status (worker/api/platform.ts). */
export class MoveRefusedError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly code: "unknown_store" | "same_database" | "already_moving" | "ids_taken",
    message: string,
  ) {
    super(message);
  }
}

export interface MoveReport {
  store: string;
  from: string;
  to: string;
  /** Rows copied, by table. */
  rows: Record<string, number>;
  /** Milliseconds the store's writes were refused: from the freeze to the directory's switch. */
  refusedMs: number;
  /** Milliseconds of the whole move. */
  totalMs: number;
  /** Calls to the databases inside the refused window (page reads, write batches, count checks): its round trips. */
  roundTrips: number;
}

type Places = { DIRECTORY: D1Database; KV: KVNamespace; STORE_DATABASES?: string };

/**
 * Rows per page read from the old copy. A page is written as few statements as its size allows, each taking its rows as
 * one JSON parameter: D1 binds at most 100 parameters to a statement, but a parameter may be 2 MB. Through the API a
 * move runs in one Worker invocation, which may make 1,000 queries (D1's limits): about 300 for a store of 10,000
 * products and 10,000 orders.
 */
const PAGE_ROWS = 1000;
/** The most JSON one statement carries: well under D1's 2 MB for a string parameter. */
const PART_BYTES = 1_000_000;
/** Statements per batch written to the new copy. */
const BATCH_STATEMENTS = 20;

/**
 * Moves a store to another store database (decision 061) with every row it has: orders, ledgers, sessions, keys.
 * The old copy is frozen first, so its writes are refused (503 `store_moving`, never lost: the fence in
 * migrations/0031 aborts them) while its reads go on; the rows are copied and counted; then the directory is switched
 * and the hostname cache dropped. The old copy stays frozen until the cron drops it (`tidyMoves`), so a request
 * still routed there by a stale cache is refused rather than written to it. Any failure before the switch unfreezes
 * the store where it was and takes the partial copy back.
 */
export async function moveStore(places: Places, slug: string, to: string, now = Date.now()): Promise<MoveReport> {
  const started = performance.now();
  const entry = await storeBySlug(places.DIRECTORY, slug);
  if (!entry) throw new MoveRefusedError(404, "unknown_store", `There is no store "${slug}".`);
  configuredDatabase(places, to);
  if (entry.database === to) throw new MoveRefusedError(409, "same_database", `The store "${slug}" is already in ${to}.`);
  const source = storeDatabase(places, entry.database);
  const target = storeDatabase(places, to);

  const claimed = await places.DIRECTORY.prepare(
    `INSERT INTO store_moves (store_id, from_database, to_database, started_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (store_id) DO NOTHING`,
  )
    .bind(entry.id, entry.database, to, now)
    .run();
  if (claimed.meta.changes === 0) throw new MoveRefusedError(409, "already_moving", `The store "${slug}" is already moving.`);

  let frozenAt = 0;
  try {
    await dropCopy(target, entry.id, "a copy left by an earlier move");
    await source.prepare("UPDATE tenants SET moving = 1, frozen_at = ?2 WHERE id = ?1").bind(entry.id, now).run();
    frozenAt = performance.now();
    const trips = { count: 0 };
    const rows = await copyStore(source, target, entry.id, trips);
    // The new copy serves before the directory sends anyone to it; the switch is the moment the move is done.
    await target.prepare("UPDATE tenants SET moving = 0, frozen_at = NULL WHERE id = ?1").bind(entry.id).run();
    await namedBatch(places.DIRECTORY, {
      switchDatabase: step(places.DIRECTORY.prepare("UPDATE stores SET database = ?2 WHERE id = ?1").bind(entry.id, to)),
      endMove: step(places.DIRECTORY.prepare("DELETE FROM store_moves WHERE store_id = ?1").bind(entry.id)),
    });
    const switchedAt = performance.now();
    await dropHostCache(places, source, entry.id);
    return {
      store: slug,
      from: entry.database,
      to,
      rows,
      refusedMs: Math.round(switchedAt - frozenAt),
      totalMs: Math.round(performance.now() - started),
      // The copy's calls, and the three that open the new copy and switch the directory.
      roundTrips: trips.count + 3,
    };
  } catch (error) {
    // Back as it was: the store served from where it is, no partial copy, no move on record.
    await dropCopy(target, entry.id, "the partial copy of a failed move").catch(() => {});
    if (frozenAt > 0) await source.prepare("UPDATE tenants SET moving = 0, frozen_at = NULL WHERE id = ?1").bind(entry.id).run();
    await places.DIRECTORY.prepare("DELETE FROM store_moves WHERE store_id = ?1").bind(entry.id).run();
    if (/UNIQUE constraint failed|PRIMARY KEY/.test(String(error))) {
      throw new MoveRefusedError(409, "ids_taken", `${to} already has rows with ids of the store "${slug}": it cannot take it.`);
    }
    throw error;
  }
}

/** Copies every row of the store, table by table, parents first, and checks each table's count. */
async function copyStore(
  source: D1Database,
  target: D1Database,
  storeId: number,
  trips: { count: number },
): Promise<Record<string, number>> {
  const store = await source.prepare("SELECT slug FROM tenants WHERE id = ?1").bind(storeId).first<{ slug: string }>();
  if (!store) throw new Error(`store ${storeId} has no row in its database`);
  // Arriving (2): the coupon limits are not checked again for uses already made, and nothing routes here yet.
  await target.prepare("INSERT INTO tenants (id, slug, moving) VALUES (?1, ?2, 2)").bind(storeId, store.slug).run();
  const rows: Record<string, number> = {};
  const tables = await storeTables(source);
  trips.count += 2 + tables.length * 2;
  for (const table of tables) {
    rows[table.name] = await copyTable(source, target, table, storeId, trips);
    const copied = await target
      .prepare(`SELECT COUNT(*) AS n FROM ${table.name} WHERE tenant_id = ?1`)
      .bind(storeId)
      .first<{ n: number }>();
    if (copied?.n !== rows[table.name]) throw new Error(`${table.name}: ${rows[table.name]} rows read, ${copied?.n} written`);
  }
  return rows;
}

async function copyTable(
  source: D1Database,
  target: D1Database,
  table: StoreTable,
  storeId: number,
  trips: { count: number },
): Promise<number> {
  const columns = table.columns.map((column) => `"${column}"`).join(", ");
  const keyList = table.key.map((column) => (column === "rowid" ? "rowid" : `"${column}"`)).join(", ");
  const picks = table.columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const insert = `INSERT INTO ${table.name} (${columns}) SELECT ${picks} FROM json_each(?1)`;
  let after: unknown[] | null = null;
  let count = 0;
  let pending: Step<never>[] = [];
  for (;;) {
    const keyValues = table.key.map((_, i) => `?${i + 2}`).join(", ");
    const where: string = after === null ? "" : `AND (${keyList}) > (${keyValues})`;
    const page: unknown[][] = await source
      .prepare(`SELECT ${columns}, ${keyList} FROM ${table.name} WHERE tenant_id = ?1 ${where} ORDER BY ${keyList} LIMIT ${PAGE_ROWS}`)
      .bind(storeId, ...(after ?? []))
      .raw();
    trips.count++;
    if (page.length === 0) break;
    count += page.length;
    for (const rows of sizedParts(page.map((row) => row.slice(0, table.columns.length)))) {
      pending.push(step(target.prepare(insert).bind(JSON.stringify(rows))));
    }
    if (pending.length >= BATCH_STATEMENTS) {
      trips.count++;
      await namedBatch(target, { inserts: pending });
      pending = [];
    }
    after = page.at(-1)!.slice(table.columns.length);
    if (page.length < PAGE_ROWS) break;
  }
  if (pending.length > 0) {
    trips.count++;
    await namedBatch(target, { inserts: pending });
  }
  return count;
}

/** The page's rows in parts of at most PART_BYTES of JSON (a store's kept file is stored in large chunks). */
function sizedParts(rows: unknown[][]): unknown[][][] {
  const parts: unknown[][][] = [];
  let part: unknown[][] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (part.length > 0 && bytes + size > PART_BYTES) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(row);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** The hostname cache holds the store's database: drop it for every hostname the store has. */
async function dropHostCache(places: Places, db: D1Database, storeId: number): Promise<void> {
  const hosts = await db.prepare("SELECT hostname FROM tenant_hosts WHERE tenant_id = ?1").bind(storeId).all<{ hostname: string }>();
  await Promise.all(hosts.results.map((row) => places.KV.delete(hostCacheKey(row.hostname))));
}

/**
 * Deletes a copy of a store that is not the one it is served from (left by a move, or a failed move's partial copy):
 * marked as being dropped (3) so the fence lets its deletes through and still refuses any other write, then its rows,
 * children first, then its own row.
 */
export async function dropCopy(db: D1Database, storeId: number, why: string): Promise<boolean> {
  const row = await db.prepare("SELECT moving FROM tenants WHERE id = ?1").bind(storeId).first<{ moving: number }>();
  if (!row) return false;
  if (row.moving === 0) throw new Error(`store ${storeId} is served from this database: it is not ${why}`);
  await db.prepare("UPDATE tenants SET moving = 3 WHERE id = ?1").bind(storeId).run();
  // The derived tables first (they refer to customers and products; their triggers only fire on inserts and on the
  // reviews they follow), then the rest children first.
  const tables = [...DERIVED_TABLES, ...(await storeTables(db)).reverse().map((table) => table.name)];
  for (const table of tables) await db.prepare(`DELETE FROM ${table} WHERE tenant_id = ?1`).bind(storeId).run();
  await db.prepare("DELETE FROM tenants WHERE id = ?1").bind(storeId).run();
  return true;
}
