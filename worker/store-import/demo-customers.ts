import { ADDRESS_FIELD_COLUMNS, ADDRESS_FIELD_COUNT, addressFieldValues } from "../accounts/addresses";
import { hashPassword } from "../accounts/passwords";
import { numbered, placeholders } from "../db/sql";
import type { Statement } from "./plan/rows";
import type { StoreFile } from "./store-file-schema";

/**
 * The store file's demo customers (`demo_customers`), as statements for the import's batch. Customers are run-time
 * data, so a demo customer is upserted by email, never deleted with the store: a re-import resets its name, phone,
 * password and saved addresses to the file (other shoppers are untouched). Its password is hashed here with the pepper
 * the Worker verifies with (PASSWORD_PEPPER).
 */
export async function planDemoCustomers(store: StoreFile, tenantId: number, pepper: string): Promise<Statement[]> {
  const now = Date.now();
  const statements: Statement[] = [];
  for (const customer of store.demo_customers) {
    // Every statement below binds the store first and the customer's email second.
    const customerId = demoCustomerId(placeholders("tenant", "email"));
    statements.push(
      {
        sql: `INSERT INTO customers (tenant_id, name, email, phone, password_hash, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
              ON CONFLICT (tenant_id, email) DO UPDATE SET name = excluded.name, phone = excluded.phone,
                password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
        params: [tenantId, customer.name, customer.email, customer.phone, await hashPassword(customer.password, pepper), now, now],
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

const demoCustomerId = (at: { tenant: string; email: string }) =>
  `(SELECT id FROM customers WHERE tenant_id = ${at.tenant} AND email = ${at.email})`;
