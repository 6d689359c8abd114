/**
 * The tables that hold a store's rows in a store database, read from the database itself (so a migration that adds a
 * table is moved without a change here), parents before the tables that refer to them.
 */
export interface StoreTable {
  name: string;
  /** Columns written on copy: every stored column but the generated ones, which the copy derives again. */
  columns: string[];
  /** The primary key's columns, in key order: pages are read in this order (many tables are WITHOUT ROWID). */
  key: string[];
}

/**
 * Tables kept up by triggers from others, which a copy rebuilds by copying their sources: the wallet balances (from
 * the entries), the rating summaries (from the reviews), the search index (from the products).
 */
export const DERIVED_TABLES = ["wallet_balances", "product_ratings"];
const DERIVED = new Set(DERIVED_TABLES);
/** Not a store's rows: the store's own row is written by the move itself; the rest belong to SQLite, D1 or wrangler. */
const NOT_ROWS = /^(tenants$|sqlite_|_cf_|d1_migrations$|products_search)/;

export async function storeTables(db: D1Database): Promise<StoreTable[]> {
  const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all<{ name: string }>();
  const found: StoreTable[] = [];
  const parents = new Map<string, string[]>();
  for (const { name } of tables.results) {
    if (NOT_ROWS.test(name) || DERIVED.has(name)) continue;
    const columns = await db
      .prepare("SELECT name, pk, hidden FROM pragma_table_xinfo(?1) ORDER BY cid")
      .bind(name)
      .all<{ name: string; pk: number; hidden: number }>();
    if (!columns.results.some((column) => column.name === "tenant_id")) continue;
    const references = await db
      .prepare('SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?1)')
      .bind(name)
      .all<{ parent: string }>();
    parents.set(
      name,
      references.results.map((row) => row.parent),
    );
    const key = columns.results.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    found.push({
      name,
      columns: columns.results.filter((column) => column.hidden === 0).map((column) => column.name),
      key: key.length > 0 ? key.map((column) => column.name) : ["rowid"],
    });
  }
  return parentsFirst(found, parents);
}

/** Orders tables so that each comes after every table it refers to (the schema has no cycles). */
function parentsFirst(tables: StoreTable[], parents: Map<string, string[]>): StoreTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: StoreTable[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || !byName.has(name)) return;
    if (path.has(name)) throw new Error(`the store tables refer to each other in a circle through ${name}`);
    path.add(name);
    for (const parent of parents.get(name) ?? []) if (parent !== name) visit(parent, path);
    path.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const table of tables) visit(table.name, new Set());
  return ordered;
}
