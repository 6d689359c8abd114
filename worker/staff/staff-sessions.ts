import type { Staff } from "../../commerce/store-actor";
import { newToken, tokenHash } from "../accounts/tokens";
import { step } from "../db/batch";

/**
 * Staff sessions (decision 083): apart from shoppers' (their own table and cookie), and a shift long rather than a
 * month, since a desk is often a shared screen. Only the token's hash is kept.
 */
export const STAFF_SESSION_HOURS = 12;
const STAFF_SESSION_MS = STAFF_SESSION_HOURS * 60 * 60 * 1000;

/** The statement that opens a member's session (for the sign-in's batch), and the token for their cookie. */
export async function openStaffSessionStep(db: D1Database, tenantId: number, staffId: number) {
  const token = newToken();
  const now = Date.now();
  const statement = db
    .prepare("INSERT INTO staff_sessions (tenant_id, staff_id, token_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(tenantId, staffId, await tokenHash(token), now, now + STAFF_SESSION_MS);
  return { token, step: step(statement) };
}

/** The present member a token signs in, in this store, while the session is open; null for any other token. */
export async function findStaffSession(db: D1Database, tenantId: number, token: string): Promise<Staff | null> {
  const row = await db
    .prepare(
      `SELECT m.id, m.name, m.role FROM staff_sessions s JOIN staff m ON m.id = s.staff_id AND m.tenant_id = s.tenant_id
       WHERE s.token_hash = ?1 AND s.tenant_id = ?2 AND s.revoked_at IS NULL AND s.expires_at > ?3 AND m.removed_at IS NULL`,
    )
    .bind(await tokenHash(token), tenantId, Date.now())
    .first<Omit<Staff, "token">>();
  return row ? { ...row, token } : null;
}

/** Ends the token's session (sign-out). */
export async function endStaffSession(db: D1Database, tenantId: number, token: string): Promise<void> {
  await db
    .prepare("UPDATE staff_sessions SET revoked_at = ?3 WHERE token_hash = ?1 AND tenant_id = ?2 AND revoked_at IS NULL")
    .bind(await tokenHash(token), tenantId, Date.now())
    .run();
}
