import { gateOf } from "../db/session-gate";
import { claimedCustomer, forgetSession, rememberSession } from "./session-claims";
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
  const hash = await tokenHash(token);
  const row = await db
    .prepare(
      `SELECT s.customer_id AS customerId FROM sessions s
       WHERE s.token_hash = ?1 AND s.tenant_id = ?2 AND s.revoked_at IS NULL AND s.expires_at > ?3`,
    )
    .bind(hash, tenantId, Date.now())
    .first<SessionOwner>();
  if (row) rememberSession(hash, tenantId, row.customerId);
  else forgetSession(hash);
  return row ?? null;
}

/**
 * The customer a request's token signs in, as `findSession` answers, except that with `fold` a token this isolate has
 * seen costs no round trip of its own: its customer is claimed, and the request's D1 binding checks the claim inside
 * the request's first calls (worker/db/session-gate.ts), refusing them all if the session has ended. Only requests
 * whose every effect is a D1 call may fold (their answer then waits on the check: `gateOf(db).settle()`).
 */
export async function sessionOf(db: D1Database, tenantId: number, token: string, fold: boolean): Promise<SessionOwner | null> {
  const gate = fold ? gateOf(db) : undefined;
  if (gate) {
    const hash = await tokenHash(token);
    const customerId = claimedCustomer(hash, tenantId);
    if (customerId !== null) {
      gate.claim({ tenantId, customerId, tokenHash: hash, onEnded: () => forgetSession(hash) });
      return { customerId };
    }
  }
  return findSession(db, tenantId, token);
}

/** Ends the token's session (sign-out). */
export async function revokeSession(db: D1Database, tenantId: number, token: string): Promise<void> {
  const hash = await tokenHash(token);
  forgetSession(hash);
  await db
    .prepare("UPDATE sessions SET revoked_at = ?3 WHERE token_hash = ?1 AND tenant_id = ?2 AND revoked_at IS NULL")
    .bind(hash, tenantId, Date.now())
    .run();
}
