import type { Statement } from "./rows";

/**
 * The desk's switches (decision 087) put back over the file's values once its rows are written: a store or branch
 * the desk opened or closed stays so through a re-import. A store no one has switched keeps the file's values.
 */
export function keptSwitches(tenantId: number): Statement[] {
  return [
    {
      sql: `INSERT INTO site_settings (tenant_id, key, value)
            SELECT tenant_id, 'globalStoreEnable', CASE open WHEN 1 THEN 'true' ELSE 'false' END FROM store_switches
            WHERE tenant_id = ?1 AND branch_id = 0
            ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value`,
      params: [tenantId],
    },
    {
      sql: `UPDATE branches SET closed = 1 - (SELECT s.open FROM store_switches s WHERE s.tenant_id = ?1 AND s.branch_id = branches.id)
            WHERE tenant_id = ?1 AND id IN (SELECT branch_id FROM store_switches WHERE tenant_id = ?1)`,
      params: [tenantId],
    },
  ];
}
