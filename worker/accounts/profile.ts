import { type CustomerDetails, customerDetails } from "./customers";

export interface DetailsChange {
  name: string;
  email: string;
  phone: string;
}

export type DetailsOutcome = { ok: true; user: CustomerDetails } | { ok: false; taken: "email" | "phone" } | { ok: false; gone: true };

/**
 * Changes the customer's name, email and phone. An email or phone another account of this store has is refused,
 * as registration refuses it; the UNIQUE constraints settle two changes racing for the same one.
 */
export async function updateDetails(db: D1Database, tenantId: number, customerId: number, change: DetailsChange): Promise<DetailsOutcome> {
  const other = await db
    .prepare("SELECT email = ?3 AS same_email FROM customers WHERE tenant_id = ?1 AND id != ?2 AND (email = ?3 OR phone = ?4) LIMIT 1")
    .bind(tenantId, customerId, change.email, change.phone)
    .first<{ same_email: number }>();
  if (other) return { ok: false, taken: other.same_email ? "email" : "phone" };
  try {
    await db
      .prepare("UPDATE customers SET name = ?3, email = ?4, phone = ?5, updated_at = ?6 WHERE id = ?1 AND tenant_id = ?2")
      .bind(customerId, tenantId, change.name, change.email, change.phone, Date.now())
      .run();
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, taken: String(error).includes("phone") ? "phone" : "email" };
    throw error;
  }
  const user = await customerDetails(db, tenantId, customerId);
  return user ? { ok: true, user } : { ok: false, gone: true };
}
