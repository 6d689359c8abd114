import { MAX_ID } from "../../commerce/ids";

/**
 * Each store database gives out row ids from its own range (decision 061): `position × ID_RANGE` up, where position is
 * its place in STORE_DATABASES. A store's rows keep their ids when it moves (a shopper's session, carts and addresses
 * are named by them), so two databases must never give out the same id. Ids stay within the 32-bit record ids every
 * layer accepts (commerce/ids.ts): 2^26 (67 million) ids per table in each of at most 32 databases.
 */
export const ID_RANGE = 2 ** 26;

/** How many store databases the ranges allow. */
export const MAX_STORE_DATABASES = Math.floor((MAX_ID + 1) / ID_RANGE);

/**
 * SQL that moves every AUTOINCREMENT sequence of a store database up to the start of its range (never down): run by
 * the migrate command after the migrations (scripts/migrate.ts), and again whenever a table is added.
 */
export function idRangeSql(position: number): string[] {
  const base = position * ID_RANGE;
  return [
    `INSERT INTO sqlite_sequence (name, seq)
     SELECT name, ${base} FROM sqlite_master
     WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name <> 'd1_migrations' AND name NOT IN (SELECT name FROM sqlite_sequence)`,
    `UPDATE sqlite_sequence SET seq = ${base} WHERE seq < ${base} AND name <> 'd1_migrations'`,
  ];
}
