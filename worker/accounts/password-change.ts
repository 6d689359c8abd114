import { step } from "../db/batch";
import { hashPassword, verifyPassword } from "./passwords";
import { tokenHash } from "./tokens";

/**
 * The statements (for a caller's batch) that set a customer's new password and end their sessions, all of them, or
 * all but the one `keepToken` opened (the shopper changing the password stays signed in; anyone else is signed out).
 */
export async function passwordChangeSteps(
  db: D1Database,
  tenantId: number,
  customerId: number,
  password: string,
  pepper: string,
  keepToken?: string,
) {
  const now = Date.now();
  return {
    password: step(
      db
        .prepare("UPDATE customers SET password_hash = ?3, updated_at = ?4 WHERE id = ?1 AND tenant_id = ?2")
        .bind(customerId, tenantId, await hashPassword(password, pepper), now),
    ),
    endSessions: step(
      db
        .prepare(
          "UPDATE sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND customer_id = ?2 AND revoked_at IS NULL AND token_hash <> ?4",
        )
        .bind(tenantId, customerId, now, keepToken === undefined ? "" : await tokenHash(keepToken)),
    ),
  };
}

/** Whether `password` is the customer's current one (the proof a change of password, email or phone asks for). */
export async function passwordMatches(
  db: D1Database,
  tenantId: number,
  customerId: number,
  password: string,
  pepper: string,
): Promise<boolean> {
  const row = await db
    .prepare("SELECT password_hash FROM customers WHERE id = ?1 AND tenant_id = ?2")
    .bind(customerId, tenantId)
    .first<{ password_hash: string }>();
  return row !== null && (await verifyPassword(password, row.password_hash, pepper)).ok;
}
