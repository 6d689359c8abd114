import { toMinor } from "../../../commerce/money";
import type { ImportIssue } from "../check-references";
import type { StoreFile } from "../store-file-schema";
import type { StoreTable } from "./tables";

export type SqlValue = string | number | null;
export interface Statement {
  sql: string;
  params: SqlValue[];
}

/** The rows one step gives one table, one value per column in each row; the plan turns them into INSERT statements. */
export interface TableRows {
  table: StoreTable;
  columns: readonly string[];
  rows: SqlValue[][];
}

/** A price from the file in minor units; a price with too many decimals is reported at `path` and written as 0. */
export type Money = (amount: number, path: (string | number)[]) => number;

/** What every step reads: the checked file, the store's id, and the one money converter that collects the issues. */
export interface StepInput {
  store: StoreFile;
  tenantId: number;
  minor: Money;
}

/** One entity of the file (settings, branches, products…) as the rows of the tables it fills. Pure. */
export type ImportStep = (input: StepInput) => TableRows[];

/**
 * Rows go to D1 as one JSON array per statement (`INSERT … SELECT … FROM json_each(?1)`), not as `VALUES (?1, …)` lists:
 * D1 binds at most 100 parameters per statement, which would mean 10 products a statement and ~20,000 statements for a
 * 100,000-product store, and every statement in a batch has a fixed cost. One parameter can hold thousands of rows, as
 * long as it stays under D1's 2 MB limit for a string value; chunks are cut at half of that.
 */
export const MAX_CHUNK_BYTES = 1_000_000;

const utf8 = new TextEncoder();

export function insertRows({ table, columns, rows }: TableRows): Statement[] {
  // value ->> n reads element n of the row array as an SQL value: a JSON string as TEXT, a number as INTEGER or REAL.
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `value ->> ${i}`).join(", ")} FROM json_each(?1)`;
  const statements: Statement[] = [];
  let chunk: string[] = [];
  let bytes = 2; // the brackets
  const flush = () => {
    if (chunk.length > 0) statements.push({ sql, params: [`[${chunk.join(",")}]`] });
    chunk = [];
    bytes = 2;
  };
  for (const row of rows) {
    if (row.length !== columns.length) throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns`);
    const json = JSON.stringify(row);
    const size = utf8.encode(json).length + 1; // and its comma
    if (chunk.length > 0 && bytes + size > MAX_CHUNK_BYTES) flush();
    chunk.push(json);
    bytes += size;
  }
  flush();
  return statements;
}

/** Converts every price in the file to minor units, reporting any with more decimals than the store's currency. */
export function moneyConverter(decimalPlaces: number, issues: ImportIssue[]): Money {
  return (amount, path) => {
    const minor = toMinor(amount, decimalPlaces);
    if (minor === null) {
      issues.push({ path, message: `${amount} has more than ${decimalPlaces} decimal places for this store's currency` });
      return 0;
    }
    return minor;
  };
}

/** A percentage from the file (5, 12.5) as basis points (500, 1250); the schema allows at most 2 decimals. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** Kilometres from the file (at most 3 decimals) as whole metres. */
export function kmToMetres(km: number): number {
  return Math.round(km * 1000);
}
