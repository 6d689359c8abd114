import { ADDRESS_FIELD_COLUMNS, ADDRESS_FIELD_COUNT, addressFieldValues } from "../accounts/addresses";
import { hashPassword } from "../accounts/passwords";
import { numbered, placeholders } from "../db/sql";
import type { ImportIssue } from "./check-references";
import type { Statement } from "./plan/rows";
import type { StoreFile } from "./store-file-schema";

/**
 * The store file's demo customers (`demo_customers`, decision 060): sample accounts, so a demo store's signed-in path
 * works out of the box. An import creates one when its email is new to the store and resets one it made itself
 * (`customers.demo`, migration 0030) to the file: name, phone, password and saved addresses, ending its sessions as a
 * password change does. A shopper's own account is never written: a file naming one is refused (checkDemoCustomers),
 * and the statements themselves touch demo rows only, so an account registered while the import runs is safe too.
 */

/** Where the file's demo customers collide with accounts of the store that the file may not change. */
export async function checkDemoCustomers(db: D1Database, store: StoreFile, tenantId: number): Promise<ImportIssue[]> {
  if (store.demo_customers.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT email, phone, demo FROM customers WHERE tenant_id = ?1
         AND (email IN (SELECT value FROM json_each(?2)) OR phone IN (SELECT value FROM json_each(?3)))`,
    )
    .bind(tenantId, JSON.stringify(store.demo_customers.map((c) => c.email)), JSON.stringify(store.demo_customers.map((c) => c.phone)))
    .all<{ email: string; phone: string; demo: number }>();
  const issues: ImportIssue[] = [];
  store.demo_customers.forEach((customer, i) => {
    if (results.some((row) => row.email === customer.email && row.demo === 0)) {
      issues.push({
        path: ["demo_customers", i, "email"],
        message: "is the email of a shopper's account in this store: a store file makes demo customers only, never a shopper's",
      });
    }
    if (results.some((row) => row.phone === customer.phone && row.email !== customer.email)) {
      issues.push({ path: ["demo_customers", i, "phone"], message: "is the phone of another account in this store" });
    }
  });
  return issues;
}

/** The demo customers as statements for the import's batch; their passwords hashed with the Worker's PASSWORD_PEPPER. */
export async function planDemoCustomers(store: StoreFile, tenantId: number, pepper: string): Promise<Statement[]> {
  const now = Date.now();
  const statements: Statement[] = [];
  for (const customer of store.demo_customers) {
    // Every statement below binds the store first and the customer's email second.
    const customerId = demoCustomerId(placeholders("tenant", "email"));
    statements.push(
      {
        sql: `INSERT INTO customers (tenant_id, name, email, phone, password_hash, demo, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)
              ON CONFLICT (tenant_id, email) DO UPDATE SET name = excluded.name, phone = excluded.phone,
                password_hash = excluded.password_hash, updated_at = excluded.updated_at
              WHERE customers.demo = 1`,
        params: [tenantId, customer.name, customer.email, customer.phone, await hashPassword(customer.password, pepper), now, now],
      },
      {
        sql: `UPDATE sessions SET revoked_at = ?3 WHERE tenant_id = ?1 AND customer_id = ${customerId} AND revoked_at IS NULL`,
        params: [tenantId, customer.email, now],
      },
      { sql: `DELETE FROM addresses WHERE tenant_id = ?1 AND customer_id = ${customerId}`, params: [tenantId, customer.email] },
    );
    const defaultIndex = Math.max(
      0,
      customer.addresses.findIndex((a) => a.is_default),
    );
    customer.addresses.forEach((a, i) => {
      statements.push({
        sql: `INSERT INTO addresses (tenant_id, customer_id, ${ADDRESS_FIELD_COLUMNS}, is_default, created_at, updated_at)
              VALUES (?1, ${customerId}, ${numbered(3, ADDRESS_FIELD_COUNT + 3)})`,
        params: [
          tenantId,
          customer.email,
          ...addressFieldValues({ ...a, latitude: a.latitude ?? null, longitude: a.longitude ?? null }),
          i === defaultIndex ? 1 : 0,
          // In file order: the list shows the default, then the newest.
          now + i,
          now + i,
        ],
      });
    });
  }
  return statements;
}

/** The demo customer's id; none (NULL) for a shopper's account, which no statement above may touch. */
const demoCustomerId = (at: { tenant: string; email: string }) =>
  `(SELECT id FROM customers WHERE tenant_id = ${at.tenant} AND email = ${at.email} AND demo = 1)`;
