/**
 * An order named by its row id, or by its public id before its row id is known (a statement in the batch that inserts
 * it). Statements take the store at ?1 and the key at ?2.
 */
export type OrderKey = { id: number } | { publicId: string };

/** SQL yielding the order's row id (store ?1, key ?2), and the key's value to bind at ?2. */
export function orderIdOf(key: OrderKey): { sql: string; value: number | string } {
  return "id" in key
    ? { sql: "?2", value: key.id }
    : { sql: "(SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2)", value: key.publicId };
}
