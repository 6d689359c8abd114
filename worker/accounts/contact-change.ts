import { namedBatch, step } from "../db/batch";
import type { Shopper } from "../shopper/shopper";
import { type CustomerDetails, customerDetails, openSession, type SignedIn } from "./customers";
import { passwordChangeSteps } from "./password-change";
import type { DetailsChange } from "./profile";
import { newToken, tokenHash } from "./tokens";

/**
 * A signed-in customer's change of email or phone, and its undo. The change ends every other session and leaves a
 * link (one per customer, 7 days) that puts the details back: told to the old email and phone, it is how an owner
 * whose session was stolen gets the account back before a reset to the new address can lock them out.
 */
export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 24 * 60 * 60 * 1000;

export interface ContactChanged {
  user: CustomerDetails;
  /** What the details were, to be told of the change, and the token of the link that puts them back. */
  old: { email: string; phone: string };
  undoToken: string;
}

export type ContactChangeOutcome =
  | { ok: true; changed: ContactChanged }
  | { ok: false; taken: "email" | "phone" }
  | { ok: false; gone: true };

/**
 * Sets name, email and phone, ends the customer's sessions but `keepToken`'s, and records the undo. A later change
 * within the week keeps the oldest details (the owner's, before any of the changes) and replaces the token.
 */
export async function changeContactDetails(
  db: D1Database,
  tenantId: number,
  customer: { customerId: number; token: string },
  old: { email: string; phone: string },
  change: DetailsChange,
): Promise<ContactChangeOutcome> {
  const undoToken = newToken();
  const now = Date.now();
  try {
    await namedBatch(db, {
      details: step(
        db
          .prepare("UPDATE customers SET name = ?3, email = ?4, phone = ?5, updated_at = ?6 WHERE id = ?1 AND tenant_id = ?2")
          .bind(customer.customerId, tenantId, change.name, change.email, change.phone, now),
      ),
      endSessions: step(
        db
          .prepare(
            "UPDATE sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND customer_id = ?2 AND revoked_at IS NULL AND token_hash <> ?4",
          )
          .bind(tenantId, customer.customerId, now, await tokenHash(customer.token)),
      ),
      undo: step(
        db
          .prepare(
            `INSERT INTO contact_change_undos (tenant_id, customer_id, token_hash, old_email, old_phone, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (tenant_id, customer_id) DO UPDATE SET
               old_email = CASE WHEN contact_change_undos.expires_at > ?6 THEN contact_change_undos.old_email ELSE excluded.old_email END,
               old_phone = CASE WHEN contact_change_undos.expires_at > ?6 THEN contact_change_undos.old_phone ELSE excluded.old_phone END,
               token_hash = excluded.token_hash, created_at = excluded.created_at, expires_at = excluded.expires_at`,
          )
          .bind(tenantId, customer.customerId, await tokenHash(undoToken), old.email, old.phone, now, now + UNDO_MS),
      ),
    });
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, taken: String(error).includes("phone") ? "phone" : "email" };
    throw error;
  }
  const user = await customerDetails(db, tenantId, customer.customerId);
  return user ? { ok: true, changed: { user, old, undoToken } } : { ok: false, gone: true };
}

export type UndoOutcome = { ok: true; signedIn: SignedIn } | { ok: false; taken: true } | { ok: false; invalid: true };

/**
 * Uses up an undo link: the email and phone go back, the password is the one given now (whoever changed the details
 * knew the old one), every session ends, any reset link (perhaps mailed to the new address) is void, and the shopper
 * is signed in. Refused when another account has taken the old email or phone since.
 */
export async function undoContactChange(
  db: D1Database,
  tenantId: number,
  token: string,
  password: string,
  pepper: string,
  shopper: Shopper,
): Promise<UndoOutcome> {
  // Deleting is what makes the link single use: of two undos at once, one gets the row.
  const undo = await db
    .prepare(
      "DELETE FROM contact_change_undos WHERE tenant_id = ?1 AND token_hash = ?2 RETURNING customer_id, old_email, old_phone, expires_at",
    )
    .bind(tenantId, await tokenHash(token))
    .first<{ customer_id: number; old_email: string; old_phone: string; expires_at: number }>();
  if (!undo || undo.expires_at <= Date.now()) return { ok: false, invalid: true };
  const restore = {
    contact: step(
      db
        .prepare("UPDATE customers SET email = ?3, phone = ?4, updated_at = ?5 WHERE id = ?1 AND tenant_id = ?2")
        .bind(undo.customer_id, tenantId, undo.old_email, undo.old_phone, Date.now()),
    ),
    resets: step(db.prepare("DELETE FROM password_resets WHERE tenant_id = ?1 AND customer_id = ?2").bind(tenantId, undo.customer_id)),
    passwordChange: await passwordChangeSteps(db, tenantId, undo.customer_id, password, pepper),
  };
  try {
    return { ok: true, signedIn: await openSession(db, tenantId, undo.customer_id, shopper, restore) };
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, taken: true };
    throw error;
  }
}
