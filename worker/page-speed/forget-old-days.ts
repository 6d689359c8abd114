import type { Env } from "../env";
import { ensureSchema } from "../placement/schema-version";
import { storeDatabase, storeDatabases } from "../placement/store-databases";

/** How long a store's page speed is kept: the desk reads one day at a time, and a season back is enough to compare. */
export const PAGE_SPEED_DAYS_KEPT = 90;

/**
 * The cron's sweep of real shoppers' page speed (decision 084): each store database forgets the days older than
 * PAGE_SPEED_DAYS_KEPT, so the histograms, bounded per day, are bounded in all. A store frozen mid-move is left for the
 * next run (its rows are fenced), and one database failing does not stop the others.
 */
export async function forgetOldPageSpeed(env: Env, now = Date.now()): Promise<void> {
  // A day a little older in any zone: days are the stores' own dates, and UTC's is at most a day off them.
  const cutoff = new Date(now - (PAGE_SPEED_DAYS_KEPT + 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const { name } of storeDatabases(env)) {
    try {
      const db = storeDatabase(env, name);
      await ensureSchema(name, db);
      await db
        .prepare("DELETE FROM page_speed WHERE day < ?1 AND tenant_id NOT IN (SELECT id FROM tenants WHERE moving = 1)")
        .bind(cutoff)
        .run();
    } catch (error) {
      console.error("page speed sweep failed for database", name, error);
    }
  }
}
