import { d1Execute } from "./d1-execute";

/**
 * The binding of the store database that holds the store `slug`, as the directory says (decision 061), through
 * `wrangler d1 execute` with `where` (`--local [--persist-to …]` or `--remote`); null for a store the directory lacks.
 */
export function storeDatabaseOf(slug: string, where: string[]): string | null {
  const sql = `SELECT database FROM stores WHERE slug = '${slug.replaceAll("'", "''")}'`;
  return d1Execute<{ database: string }>("DIRECTORY", where, sql)[0]?.[0]?.database ?? null;
}
