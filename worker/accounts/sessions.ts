import { newToken, tokenHash } from "./tokens";

/** A session lasts 30 days from sign-in; signing out, or changing the password, ends it sooner. */
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface SessionOwner {
  customerId: number;
}

/** The statement that opens a session (for a caller's batch), and the token to give the shopper. */
export async function openSessionStatement(db: D1Database, tenantId: number, customerId: number | string) {
  const token = newToken();
  const now = Date.now();
  const statement = db
    .prepare(
      typeof customerId === "number"
        ? "INSERT INTO sessions (tenant_id, customer_id, token_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)"
        : // A customer created in the same batch, found by email.
          `INSERT INTO sessions (tenant_id, customer_id, token_hash, created_at, expires_at)
           SELECT ?1, id, ?3, ?4, ?5 FROM customers WHERE tenant_id = ?1 AND email = ?2`,
    )
    .bind(tenantId, customerId, await tokenHash(token), now, now + SESSION_MS);
  return { token, statement };
}

/** The customer a token signs in, in this store, while the session is open; null for any other token. */
export async function findSession(db: D1Database, tenantId: number, token: string): Promise<SessionOwner | null> {
  const row = await db
    .prepare(
      `SELECT s.customer_id AS customerId FROM sessions s
       WHERE s.token_hash = ?1 AND s.tenant_id = ?2 AND s.revoked_at IS NULL AND s.expires_at > ?3`,
    )
    .bind(await tokenHash(token), tenantId, Date.now())
    .first<SessionOwner>();
  return row ?? null;
}

/** Ends the token's session (sign-out). */
export async function revokeSession(db: D1Database, tenantId: number, token: string): Promise<void> {
  await db
    .prepare("UPDATE sessions SET revoked_at = ?3 WHERE token_hash = ?1 AND tenant_id = ?2 AND revoked_at IS NULL")
    .bind(await tokenHash(token), tenantId, Date.now())
    .run();
}
