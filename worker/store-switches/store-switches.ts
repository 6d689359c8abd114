import { message } from "../../commerce/i18n/message";
import { actorColumns, type StoreActor } from "../../commerce/store-actor";
import { namedBatch, step } from "../db/batch";
import { ApiError } from "../http/errors";
import { requireScope } from "../http/require-scope";
import { hostCacheKey } from "../tenancy/resolve-tenant";

/** The switch of the whole store; any other target is a branch's id (branch ids start at 1). */
export const WHOLE_STORE = 0;

/**
 * Opens or closes the whole store (`WHOLE_STORE`) or one of its branches (decision 087), for `by`, who must be allowed
 * to change the store (scope store). The switch is written where the storefront reads it (the globalStoreEnable
 * setting, `branches.closed`) and kept as the desk's word in `store_switches`, which every import puts back over the
 * file's value. The marker the storefront caches that data by is bumped, and the hostname caches holding the old one are
 * dropped (as an import does), so every shopper meets the switch on their next page. A branch the store does not have
 * is 404, and nothing is written.
 */
export async function setSwitch(
  env: { DB: D1Database; KV: KVNamespace },
  tenantId: number,
  target: number,
  open: boolean,
  by: StoreActor,
  now: number = Date.now(),
): Promise<void> {
  requireScope(by, "store");
  const db = env.DB;
  const store = target === WHOLE_STORE;
  // Every write names the branch only while it is the store's, so an unknown one writes nothing.
  const known = store ? "1" : "EXISTS (SELECT 1 FROM branches WHERE tenant_id = ?1 AND id = ?2)";
  const who = actorColumns(by);
  const ran = await namedBatch(db, {
    word: step(
      db
        .prepare(
          `INSERT INTO store_switches (tenant_id, branch_id, open, changed_at, staff_id, store_key_id)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${known}
           ON CONFLICT (tenant_id, branch_id) DO UPDATE SET open = excluded.open, changed_at = excluded.changed_at,
             staff_id = excluded.staff_id, store_key_id = excluded.store_key_id`,
        )
        .bind(tenantId, target, open ? 1 : 0, now, who.staffId, who.storeKeyId),
    ),
    switched: step(
      store
        ? db
            .prepare(
              `INSERT INTO site_settings (tenant_id, key, value) VALUES (?1, 'globalStoreEnable', ?2)
               ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value`,
            )
            .bind(tenantId, String(open))
        : db.prepare("UPDATE branches SET closed = ?3 WHERE tenant_id = ?1 AND id = ?2").bind(tenantId, target, open ? 0 : 1),
    ),
    marker: step(
      db
        .prepare(`UPDATE cache_markers SET version = version + 1 WHERE tenant_id = ?1 AND name = ?3 AND ${known}`)
        .bind(tenantId, target, store ? "settings" : "branches"),
    ),
    hosts: step<{ hostname: string }>(db.prepare("SELECT hostname FROM tenant_hosts WHERE tenant_id = ?1").bind(tenantId)),
  });
  if (ran.word.meta.changes === 0) throw new ApiError(404, "branch_not_found", message("errors.stock_no_branch", { id: target }));
  await Promise.all(ran.hosts.results.map(({ hostname }) => env.KV.delete(hostCacheKey(hostname))));
}
