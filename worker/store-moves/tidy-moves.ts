import { ensureSchema } from "../placement/schema-version";
import { storeDatabase, storeDatabases } from "../placement/store-databases";
import { dropCopy } from "./move-store";

/**
 * How long a moved store's old copy stays frozen before the cron drops it: past the hostname cache's TTL (300 s) and
 * KV's spread of a delete (up to 60 s), so no request can still be routed to it.
 */
export const LEFT_COPY_GRACE_MS = 15 * 60_000;
/** A move still on record after this long was cut off (the Worker or the CLI stopped mid-copy): the cron undoes it. */
export const STALE_MOVE_MS = 10 * 60_000;

/**
 * The cron's part in moves (decision 061): undoes moves that were cut off, and drops the old copies of moved stores
 * once no cache can route to them. Each database on its own: one failing does not stop the others.
 */
export async function tidyMoves(env: { DIRECTORY: D1Database; STORE_DATABASES?: string }, now = Date.now()): Promise<void> {
  const stale = await env.DIRECTORY.prepare("SELECT store_id, from_database, to_database FROM store_moves WHERE started_at < ?1")
    .bind(now - STALE_MOVE_MS)
    .all<{ store_id: number; from_database: string; to_database: string }>();
  for (const move of stale.results) {
    try {
      await dropCopy(storeDatabase(env, move.to_database), move.store_id, "the partial copy of a cut-off move");
      await storeDatabase(env, move.from_database)
        .prepare("UPDATE tenants SET moving = 0, frozen_at = NULL WHERE id = ?1 AND moving = 1")
        .bind(move.store_id)
        .run();
      await env.DIRECTORY.prepare("DELETE FROM store_moves WHERE store_id = ?1").bind(move.store_id).run();
      console.log("undid a cut-off move of store", move.store_id, "to", move.to_database);
    } catch (error) {
      console.error("could not undo the cut-off move of store", move.store_id, error);
    }
  }
  const placed = await env.DIRECTORY.prepare("SELECT id, database FROM stores").all<{ id: number; database: string }>();
  const home = new Map(placed.results.map((row) => [row.id, row.database]));
  const moving = new Set(
    (await env.DIRECTORY.prepare("SELECT store_id FROM store_moves").all<{ store_id: number }>()).results.map((r) => r.store_id),
  );
  for (const { name } of storeDatabases(env)) {
    try {
      const db = storeDatabase(env, name);
      await ensureSchema(name, db);
      const left = await db
        .prepare("SELECT id FROM tenants WHERE moving IN (1, 3) AND frozen_at < ?1")
        .bind(now - LEFT_COPY_GRACE_MS)
        .all<{ id: number }>();
      for (const { id } of left.results) {
        if (home.get(id) !== name && !moving.has(id)) await dropCopy(db, id, "a copy left by a move");
      }
    } catch (error) {
      console.error("could not drop left copies in", name, error);
    }
  }
}
