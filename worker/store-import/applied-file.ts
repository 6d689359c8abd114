import type { Statement } from "./plan/rows";

/**
 * The store file an import applied, saved in `store_files` (migration 0023) in the import's own batch, so it is always
 * the file the store's rows came from. A section sent through the API is merged into it (decision 040).
 *
 * Parts are cut by UTF-16 units; a unit is at most 3 bytes of UTF-8, so a part stays under 1 MB, half of D1's limit
 * for one value, like the importer's row chunks.
 */
export const APPLIED_FILE_PART_CHARS = 330_000;

export function appliedFileStatements(tenantId: number, input: unknown): Statement[] {
  const text = JSON.stringify(input);
  const statements: Statement[] = [{ sql: "DELETE FROM store_files WHERE tenant_id = ?1", params: [tenantId] }];
  for (let start = 0, part = 0; start < text.length; part++) {
    let end = Math.min(start + APPLIED_FILE_PART_CHARS, text.length);
    // Never split a surrogate pair: half of one is no text D1 could store as it is.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
    statements.push({
      sql: "INSERT INTO store_files (tenant_id, part, body) VALUES (?1, ?2, ?3)",
      params: [tenantId, part, text.slice(start, end)],
    });
    start = end;
  }
  return statements;
}

/** The file the store's last import applied, as it was sent; null for a store never imported since migration 0023. */
export async function appliedFile(db: D1Database, tenantId: number): Promise<Record<string, unknown> | null> {
  const { results } = await db
    .prepare("SELECT body FROM store_files WHERE tenant_id = ?1 ORDER BY part")
    .bind(tenantId)
    .all<{ body: string }>();
  return results.length === 0 ? null : (JSON.parse(results.map((row) => row.body).join("")) as Record<string, unknown>);
}
