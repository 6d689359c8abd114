import { ADDRESS_COLUMNS, type Address, type AddressRow, MAX_ADDRESSES, type NewAddress, toAddress } from "../../commerce/addresses";
import { namedBatch, step } from "../db/batch";

/**
 * A customer's saved addresses (migrations/0009_addresses.sql). Every statement names the store and the customer, so
 * another customer's or another store's address id finds nothing and changes nothing. The rules that must hold under
 * concurrent calls live in SQL: one default (a partial unique index), at most MAX_ADDRESSES (the insert counts in the
 * same statement), and the default moves inside one batch (one transaction).
 */

export const ADDRESS_FIELD_COLUMNS = "name, phone, line1, line2, landmark, city, state, pincode, latitude, longitude, label";
export const ADDRESS_FIELD_COUNT = 11;

export function addressFieldValues(a: NewAddress): (string | number | null)[] {
  return [a.name, a.phone, a.line1, a.line2, a.landmark, a.city, a.state, a.pincode, a.latitude, a.longitude, a.label];
}

const MINE = "tenant_id = ?1 AND customer_id = ?2";

/** The default first, then the newest. */
export async function listAddresses(db: D1Database, tenantId: number, customerId: number): Promise<Address[]> {
  const { results } = await db
    .prepare(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE ${MINE} ORDER BY is_default DESC, id DESC`)
    .bind(tenantId, customerId)
    .all<AddressRow>();
  return results.map(toAddress);
}

export async function findAddress(db: D1Database, tenantId: number, customerId: number, id: number): Promise<Address | null> {
  return addressFrom(await addressStep(db, tenantId, customerId, id).statement.all<AddressRow>());
}

/** The customer's address `id`, for a caller's batch; read it with `addressFrom`. */
export function addressStep(db: D1Database, tenantId: number, customerId: number, id: number) {
  return step<AddressRow>(db.prepare(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE ${MINE} AND id = ?3`).bind(tenantId, customerId, id));
}

export function addressFrom(result: D1Result<AddressRow>): Address | null {
  const row = result.results[0];
  return row ? toAddress(row) : null;
}

/**
 * Saves an address, or answers "full" at MAX_ADDRESSES (nothing changed). The first address is the default, and so is
 * one saved with `makeDefault`. The count is read by the insert itself, so two concurrent adds cannot both pass it.
 */
export async function addAddress(
  db: D1Database,
  tenantId: number,
  customerId: number,
  address: NewAddress,
  makeDefault: boolean,
): Promise<Address | "full"> {
  const hasRoom = `(SELECT count(*) FROM addresses WHERE ${MINE}) < ${MAX_ADDRESSES}`;
  const now = Date.now();
  const ran = await namedBatch(db, {
    clearedDefault: step(
      db
        .prepare(`UPDATE addresses SET is_default = 0, updated_at = ?3 WHERE ${MINE} AND is_default = 1 AND ?4 = 1 AND ${hasRoom}`)
        .bind(tenantId, customerId, now, makeDefault ? 1 : 0),
    ),
    inserted: step<AddressRow>(
      db
        .prepare(
          `INSERT INTO addresses (tenant_id, customer_id, ${ADDRESS_FIELD_COLUMNS}, is_default, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
             NOT EXISTS (SELECT 1 FROM addresses WHERE ${MINE} AND is_default = 1), ?14, ?14
           WHERE ${hasRoom} AND EXISTS (SELECT 1 FROM customers WHERE tenant_id = ?1 AND id = ?2)
           RETURNING ${ADDRESS_COLUMNS}`,
        )
        .bind(tenantId, customerId, ...addressFieldValues(address), now),
    ),
  });
  const row = ran.inserted.results[0];
  return row ? toAddress(row) : "full";
}

/** Deletes one of the customer's addresses (false: none of theirs); when it was the default, the newest left is. */
export async function deleteAddress(db: D1Database, tenantId: number, customerId: number, id: number): Promise<boolean> {
  const ran = await namedBatch(db, {
    deleted: step(db.prepare(`DELETE FROM addresses WHERE ${MINE} AND id = ?3`).bind(tenantId, customerId, id)),
    newDefault: step(
      db
        .prepare(
          `UPDATE addresses SET is_default = 1, updated_at = ?3
           WHERE id = (SELECT id FROM addresses WHERE ${MINE} ORDER BY id DESC LIMIT 1)
             AND NOT EXISTS (SELECT 1 FROM addresses WHERE ${MINE} AND is_default = 1)`,
        )
        .bind(tenantId, customerId, Date.now()),
    ),
  });
  return ran.deleted.meta.changes === 1;
}

/** Makes one of the customer's addresses the default (false: none of theirs, and nothing changed). */
export async function setDefaultAddress(db: D1Database, tenantId: number, customerId: number, id: number): Promise<boolean> {
  const now = Date.now();
  const target = `EXISTS (SELECT 1 FROM addresses WHERE ${MINE} AND id = ?3)`;
  // Cleared first, then set: the one-default index is checked row by row.
  const ran = await namedBatch(db, {
    clearedDefault: step(
      db
        .prepare(`UPDATE addresses SET is_default = 0, updated_at = ?4 WHERE ${MINE} AND is_default = 1 AND id <> ?3 AND ${target}`)
        .bind(tenantId, customerId, id, now),
    ),
    madeDefault: step(
      db.prepare(`UPDATE addresses SET is_default = 1, updated_at = ?4 WHERE ${MINE} AND id = ?3`).bind(tenantId, customerId, id, now),
    ),
  });
  return ran.madeDefault.meta.changes === 1;
}
