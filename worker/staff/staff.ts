import type { StaffRole } from "../../commerce/store-actor";
import { hashPassword } from "../accounts/passwords";
import { namedBatch, step } from "../db/batch";

/**
 * The store's staff (migrations/0033, decision 083): who may sign in to the owner's desk, and with which role. Made
 * and removed by the owner (the owner API, `npm run store:staff`), never by a shopper; only a password's hash is kept,
 * with the same scheme and pepper as shoppers'.
 */

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  created_at: number;
}

export interface NewStaff {
  name: string;
  /** Lowercased, as the schemas that read it leave it. */
  email: string;
  password: string;
  role: StaffRole;
}

const MEMBER_COLUMNS = "id, name, email, role, created_at";

/** Adds a member; null when the store already has one with that email (a removed member's email stays taken). */
export async function addStaff(db: D1Database, tenantId: number, member: NewStaff, pepper: string): Promise<StaffMember | null> {
  return db
    .prepare(
      `INSERT INTO staff (tenant_id, name, email, password_hash, role, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (tenant_id, email) DO NOTHING RETURNING ${MEMBER_COLUMNS}`,
    )
    .bind(tenantId, member.name, member.email, await hashPassword(member.password, pepper), member.role, Date.now())
    .first<StaffMember>();
}

/** The store's members who may sign in, oldest first. */
export async function listStaff(db: D1Database, tenantId: number): Promise<StaffMember[]> {
  const { results } = await db
    .prepare(`SELECT ${MEMBER_COLUMNS} FROM staff WHERE tenant_id = ?1 AND removed_at IS NULL ORDER BY id`)
    .bind(tenantId)
    .all<StaffMember>();
  return results;
}

/** Removes a member and ends their sessions at once; false when the store has no such member. */
export async function removeStaff(db: D1Database, tenantId: number, staffId: number): Promise<boolean> {
  const now = Date.now();
  const ran = await namedBatch(db, {
    removed: step(
      db.prepare("UPDATE staff SET removed_at = ?3 WHERE tenant_id = ?1 AND id = ?2 AND removed_at IS NULL").bind(tenantId, staffId, now),
    ),
    sessions: step(
      db
        .prepare("UPDATE staff_sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND staff_id = ?2 AND revoked_at IS NULL")
        .bind(tenantId, staffId, now),
    ),
  });
  return ran.removed.meta.changes === 1;
}

/** What signing a member in reads: their password's hash, found by email among the store's present members. */
export interface StaffLogin {
  id: number;
  name: string;
  role: StaffRole;
  password_hash: string;
}

export function staffLoginStep(db: D1Database, tenantId: number, email: string) {
  return step<StaffLogin>(
    db
      .prepare("SELECT id, name, role, password_hash FROM staff WHERE tenant_id = ?1 AND email = ?2 AND removed_at IS NULL")
      .bind(tenantId, email),
  );
}
