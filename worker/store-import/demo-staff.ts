import { hashPassword } from "../accounts/passwords";
import type { ImportIssue } from "./check-references";
import type { Statement } from "./plan/rows";
import type { StoreFile } from "./store-file-schema";

/**
 * The store file's demo staff (`demo_staff`, decision 083): a demo store's owner, so the desk can be tried out of the
 * box. Made and reset exactly as the file's demo customers are (decision 060): only where the Worker's pepper is given
 * (the CLI, or the API with the dev flag), only rows the file made itself (`staff.demo`), their sessions ended on reset.
 */

/** Where the file's demo staff collide with members the owner made, which a file may not change. */
export async function checkDemoStaff(db: D1Database, store: StoreFile, tenantId: number): Promise<ImportIssue[]> {
  if (store.demo_staff.length === 0) return [];
  const { results } = await db
    .prepare("SELECT email FROM staff WHERE tenant_id = ?1 AND demo = 0 AND email IN (SELECT value FROM json_each(?2))")
    .bind(tenantId, JSON.stringify(store.demo_staff.map((member) => member.email)))
    .all<{ email: string }>();
  return store.demo_staff.flatMap((member, i) =>
    results.some((row) => row.email === member.email)
      ? [{ path: ["demo_staff", i, "email"], message: "is the email of a staff member the owner made: a store file makes demo staff only" }]
      : [],
  );
}

/** The demo staff as statements for the import's batch, their passwords hashed with the Worker's PASSWORD_PEPPER. */
export async function planDemoStaff(store: StoreFile, tenantId: number, pepper: string): Promise<Statement[]> {
  const now = Date.now();
  const statements: Statement[] = [];
  for (const member of store.demo_staff) {
    statements.push(
      {
        sql: `INSERT INTO staff (tenant_id, name, email, password_hash, role, demo, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
              ON CONFLICT (tenant_id, email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
                role = excluded.role, removed_at = NULL
              WHERE staff.demo = 1`,
        params: [tenantId, member.name, member.email, await hashPassword(member.password, pepper), member.role, now],
      },
      {
        sql: `UPDATE staff_sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND revoked_at IS NULL
                AND staff_id = (SELECT id FROM staff WHERE tenant_id = ?1 AND email = ?2 AND demo = 1)`,
        params: [tenantId, member.email, now],
      },
    );
  }
  return statements;
}
