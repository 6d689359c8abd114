import { hashPassword, verifyPassword } from "./passwords";
import { tokenHash } from "./tokens";

/**
 * The statements (for a caller's batch) that set a customer's new password and end their sessions, all of them, or
 * all but the one `keepToken` opened (the shopper changing the password stays signed in; anyone else is signed out).
 */
export async function passwordChangeStatements(
  db: D1Database,
  tenantId: number,
  customerId: number,
  password: string,
  pepper: string,
  keepToken?: string,
): Promise<D1PreparedStatement[]> {
  const now = Date.now();
  return [
    db
      .prepare("UPDATE customers SET password_hash = ?3, updated_at = ?4 WHERE id = ?1 AND tenant_id = ?2")
      .bind(customerId, tenantId, await hashPassword(password, pepper), now),
    db
      .prepare("UPDATE sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND customer_id = ?2 AND revoked_at IS NULL AND token_hash <> ?4")
      .bind(tenantId, customerId, now, keepToken === undefined ? "" : await tokenHash(keepToken)),
  ];
}

/**
 * A signed-in customer changes their password: the current one must match. Every other session ends; the one the
 * change came from stays open. False when the current password is wrong (nothing changed).
 */
export async function changePassword(
  db: D1Database,
  tenantId: number,
  customer: { customerId: number; token: string },
  currentPassword: string,
  newPassword: string,
  pepper: string,
): Promise<boolean> {
  const row = await db
    .prepare("SELECT password_hash FROM customers WHERE id = ?1 AND tenant_id = ?2")
    .bind(customer.customerId, tenantId)
    .first<{ password_hash: string }>();
  if (!row || !(await verifyPassword(currentPassword, row.password_hash, pepper)).ok) return false;
  await db.batch(await passwordChangeStatements(db, tenantId, customer.customerId, newPassword, pepper, customer.token));
  return true;
}
