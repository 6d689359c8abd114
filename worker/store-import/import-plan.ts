import type { ImportIssue } from "./check-references";
import { branchRows } from "./plan/branches";
import { categoryRows } from "./plan/categories";
import { contentRows } from "./plan/content";
import { filterRows } from "./plan/filters";
import { offerRows } from "./plan/offers";
import { productRows } from "./plan/products";
import { type ImportStep, insertRows, moneyConverter, type Statement, type TableRows } from "./plan/rows";
import { settingsRows } from "./plan/settings";
import { keptSwitches } from "./plan/switches";
import { INSERT_ORDER, KEPT_ROWS, STORE_TABLES } from "./plan/tables";
import { bumpCacheMarkers, hostRows, upsertTenant } from "./plan/tenant";
import type { StoreFile } from "./store-file-schema";

// The unit tests of the conversions and of chunking import them from here, where the plan is.
export { kmToMetres, MAX_CHUNK_BYTES, percentToBp } from "./plan/rows";

/** One step per entity of the file, in the file's order, so money issues are reported in the order the owner reads. */
const STEPS: readonly ImportStep[] = [hostRows, settingsRows, branchRows, categoryRows, productRows, filterRows, contentRows, offerRows];

/**
 * Builds every statement that replaces one store with the file's contents, but for the desk's switches, which it
 * keeps. Run together in one D1 batch, they either all apply or none do, and they bump the store's cache markers so no
 * cached copy of the old store is served.
 */
export function planImport(store: StoreFile, tenantId: number): { statements: Statement[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const minor = moneyConverter(Number(store.settings.decimalPlaces ?? "2"), issues);
  const writes = STEPS.flatMap((step) => step({ store, tenantId, minor }));
  const statements = [
    ...STORE_TABLES.map((table) => ({ sql: `DELETE FROM ${table} WHERE tenant_id = ?1${KEPT_ROWS[table] ?? ""}`, params: [tenantId] })),
    upsertTenant(store, tenantId),
    ...inInsertOrder(writes).flatMap(insertRows),
    ...keptSwitches(tenantId),
    bumpCacheMarkers(tenantId),
  ];
  return { statements, issues };
}

/** Steps produce rows entity by entity; D1 gets them table by table, parents before the children that refer to them. */
function inInsertOrder(writes: TableRows[]): TableRows[] {
  return INSERT_ORDER.flatMap((table) => writes.filter((write) => write.table === table));
}
