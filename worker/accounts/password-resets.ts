import type { Shopper } from "../shopper/shopper";
import { openSession, type SignedIn } from "./customers";
import { passwordChangeSteps } from "./password-change";
import { newToken, tokenHash } from "./tokens";

/**
 * Forgot-password links: an opaque token (worker/accounts/tokens.ts) stored as its SHA-256, good once, for 30
 * minutes. A customer has at most one live link: asking again replaces it.
 */
export const RESET_MINUTES = 30;
const RESET_MS = RESET_MINUTES * 60 * 1000;

/** A new reset token for the customer (to be mailed, never stored), replacing any earlier one. */
export async function issueResetToken(db: D1Database, tenantId: number, customerId: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO password_resets (tenant_id, customer_id, token_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (tenant_id, customer_id) DO UPDATE SET
         token_hash = excluded.token_hash, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    )
    .bind(tenantId, customerId, await tokenHash(token), now, now + RESET_MS)
    .run();
  return token;
}

/**
 * Uses up a reset token: sets the new password, ends every session the customer had (whoever knew the old password
 * is signed out) and signs the shopper in with a new one. Null for a token that is unknown here, expired or used.
 */
export async function resetPassword(
  db: D1Database,
  tenantId: number,
  token: string,
  password: string,
  pepper: string,
  shopper: Shopper,
): Promise<SignedIn | null> {
  // Deleting is what makes the token single use: of two resets at once, one gets the row.
  const reset = await db
    .prepare("DELETE FROM password_resets WHERE tenant_id = ?1 AND token_hash = ?2 RETURNING customer_id, expires_at")
    .bind(tenantId, await tokenHash(token))
    .first<{ customer_id: number; expires_at: number }>();
  if (!reset || reset.expires_at <= Date.now()) return null;
  const change = await passwordChangeSteps(db, tenantId, reset.customer_id, password, pepper);
  return openSession(db, tenantId, reset.customer_id, shopper, change);
}
