import { MAX_LINE_QUANTITY } from "../../commerce/cart-limits";

/**
 * The statements that move a guest's carts (one per branch) into the customer's when the guest signs in or
 * registers, for the caller's batch (one transaction): lines the customer already has add their quantities, capped at
 * the line limit; the guest's coupon goes along where the customer's cart has none; the guest's carts are then gone.
 */
export function mergeCartStatements(db: D1Database, tenantId: number, guestOwner: string, customerOwner: string): D1PreparedStatement[] {
  const now = Date.now();
  const bind = (sql: string) => db.prepare(sql).bind(tenantId, guestOwner, customerOwner, now);
  const guestCarts = "SELECT id FROM carts WHERE tenant_id = ?1 AND owner = ?2";
  return [
    bind(
      `INSERT INTO carts (tenant_id, branch_id, owner, created_at, updated_at)
       SELECT tenant_id, branch_id, ?3, ?4, ?4 FROM carts WHERE tenant_id = ?1 AND owner = ?2
       ON CONFLICT (tenant_id, branch_id, owner) DO NOTHING`,
    ),
    db
      .prepare(
        `UPDATE carts SET coupon_code = (SELECT g.coupon_code FROM carts g
                                       WHERE g.tenant_id = ?1 AND g.owner = ?2 AND g.branch_id = carts.branch_id)
       WHERE tenant_id = ?1 AND owner = ?3 AND coupon_code IS NULL`,
      )
      .bind(tenantId, guestOwner, customerOwner),
    bind(
      `INSERT INTO cart_items (tenant_id, cart_id, product_id, selection_key, selection_json, variant_id, quantity,
                               unit_price_at_add, created_at, updated_at)
       SELECT ?1, c.id, i.product_id, i.selection_key, i.selection_json, i.variant_id, i.quantity, i.unit_price_at_add, i.created_at, ?4
       FROM cart_items i
       JOIN carts g ON g.id = i.cart_id AND g.tenant_id = ?1 AND g.owner = ?2
       JOIN carts c ON c.tenant_id = ?1 AND c.branch_id = g.branch_id AND c.owner = ?3
       WHERE true
       ON CONFLICT (cart_id, product_id, selection_key) DO UPDATE SET
         quantity = min(quantity + excluded.quantity, ${MAX_LINE_QUANTITY}), updated_at = excluded.updated_at`,
    ),
    db.prepare(`DELETE FROM cart_items WHERE tenant_id = ?1 AND cart_id IN (${guestCarts})`).bind(tenantId, guestOwner),
    db.prepare("DELETE FROM carts WHERE tenant_id = ?1 AND owner = ?2").bind(tenantId, guestOwner),
  ];
}
