import { MAX_LINE_QUANTITY } from "../../commerce/cart-limits";
import { step } from "../db/batch";

/** Whose carts lines leave or join: an owner, at one branch or (null) at each of their branches. */
interface CartEnd {
  owner: string;
  branchId: number | null;
}

/**
 * A condition every statement of a move also holds to, so the move happens only if an earlier statement of the same
 * batch did what it had to (a checkout link's redeem): SQL over ?1 (the tenant), ?3 (the target owner), ?6 (`now`, which
 * the earlier statement wrote too) and ?7 (`value`).
 */
export interface MoveGuard {
  sql: string;
  value: string;
  now: number;
}

interface MoveOptions {
  guard?: MoveGuard;
  /** A cart made for the lines takes the source's choice of delivery or pickup and its place. */
  choices?: boolean;
}

/**
 * The statements that move the lines of the `from` carts into the `to` owner's cart (one batch, one transaction): a
 * `to` branch of null keeps each line at its own branch, a fixed one gathers them there. A line the target already has
 * adds its quantity, capped at the line limit; the source's coupon goes along where the target has none; the source
 * carts are then gone. Nothing is read first, so two moves of the same carts, run one after the other by D1, move the
 * lines once: the second finds no source cart.
 */
function moveLinesSteps(db: D1Database, tenantId: number, from: CartEnd, to: CartEnd, { guard, choices = false }: MoveOptions = {}) {
  // ?1 tenant, ?2 source owner, ?3 target owner, ?4 source branch (NULL: every one), ?5 target branch (NULL: the
  // source's), ?6 now, ?7 the guard's value. D1 wants as many values as a statement's highest parameter number, hence
  // the slices (a guarded statement names ?7).
  const params = [tenantId, from.owner, to.owner, from.branchId, to.branchId, guard?.now ?? Date.now(), guard?.value];
  const bind = (sql: string, count: number) => step(db.prepare(sql).bind(...params.slice(0, guard ? 7 : count)));
  const when = guard ? ` AND ${guard.sql}` : "";
  const sources = "SELECT id FROM carts WHERE tenant_id = ?1 AND owner = ?2 AND (?4 IS NULL OR branch_id = ?4)";
  // A cart made for the lines at the same branch keeps how they were to be fulfilled (a saved address is the owner's own).
  const kept = choices ? ", fulfillment, delivery_pincode, delivery_latitude, delivery_longitude" : "";
  return {
    targetCarts: bind(
      `INSERT INTO carts (tenant_id, branch_id, owner, created_at, updated_at${kept})
       SELECT tenant_id, coalesce(?5, branch_id), ?3, ?6, ?6${kept} FROM carts WHERE tenant_id = ?1 AND owner = ?2 AND (?4 IS NULL OR branch_id = ?4)${when}
       ON CONFLICT (tenant_id, branch_id, owner) DO NOTHING`,
      6,
    ),
    coupons: bind(
      `UPDATE carts SET coupon_code = (SELECT g.coupon_code FROM carts g
                                     WHERE g.tenant_id = ?1 AND g.owner = ?2 AND (?4 IS NULL OR g.branch_id = ?4)
                                       AND coalesce(?5, g.branch_id) = carts.branch_id)
       WHERE tenant_id = ?1 AND owner = ?3 AND (?5 IS NULL OR branch_id = ?5) AND coupon_code IS NULL${when}`,
      5,
    ),
    lines: bind(
      `INSERT INTO cart_items (tenant_id, cart_id, product_id, selection_key, selection_json, variant_id, quantity,
                               unit_price_at_add, created_at, updated_at)
       SELECT ?1, c.id, i.product_id, i.selection_key, i.selection_json, i.variant_id, i.quantity, i.unit_price_at_add, i.created_at, ?6
       FROM cart_items i
       JOIN carts g ON g.id = i.cart_id AND g.tenant_id = ?1 AND g.owner = ?2 AND (?4 IS NULL OR g.branch_id = ?4)
       JOIN carts c ON c.tenant_id = ?1 AND c.branch_id = coalesce(?5, g.branch_id) AND c.owner = ?3
       WHERE true${when}
       ON CONFLICT (cart_id, product_id, selection_key) DO UPDATE SET
         quantity = min(quantity + excluded.quantity, ${MAX_LINE_QUANTITY}), updated_at = excluded.updated_at`,
      6,
    ),
    sourceLines: bind(`DELETE FROM cart_items WHERE tenant_id = ?1 AND cart_id IN (${sources})${when}`, 4),
    sourceCarts: bind(`DELETE FROM carts WHERE id IN (${sources})${when}`, 4),
  };
}

/**
 * The statements that move a guest's carts (one per branch) into the customer's when the guest signs in or
 * registers, for the caller's batch: each branch's lines join the customer's cart at that branch, and a customer
 * without a cart there gets the guest's choice of delivery or pickup and place with them.
 */
export function mergeCartSteps(db: D1Database, tenantId: number, guestOwner: string, customerOwner: string) {
  return moveLinesSteps(db, tenantId, { owner: guestOwner, branchId: null }, { owner: customerOwner, branchId: null }, { choices: true });
}

/**
 * The statements that carry an owner's cart to the branch they have just chosen (carts are one per store, branch and
 * owner, decision 011), for the caller's batch: the old branch's lines join the new branch's cart, whose lines the
 * new branch does not sell then show as unavailable there. None when the branch does not change.
 */
export function moveCartSteps(db: D1Database, tenantId: number, owner: string, fromBranchId: number, toBranchId: number) {
  if (fromBranchId === toBranchId) return undefined;
  return moveLinesSteps(db, tenantId, { owner, branchId: fromBranchId }, { owner, branchId: toBranchId });
}

/**
 * The statements that carry a checkout link's cart (an agent's guest cart at one branch, decision 090) into the cart of
 * the shopper who opens it, for the caller's batch after the statement that redeems the link: the shopper's own cart
 * first follows them to the link's branch (as choosing a branch does), then the link's lines join it, a line the
 * shopper has adding its quantity as on sign-in. Every statement holds to `guard`, so a link redeemed before moves nothing.
 */
export function linkCartSteps(db: D1Database, tenantId: number, link: CartEnd, shopper: CartEnd, guard: MoveGuard) {
  const at = { owner: shopper.owner, branchId: link.branchId };
  const { sourceLines, sourceCarts, ...lines } = moveLinesSteps(db, tenantId, link, at, { guard, choices: true });
  return {
    carry: shopper.branchId === link.branchId ? undefined : moveLinesSteps(db, tenantId, shopper, at, { guard }),
    lines,
    choices: linkChoicesStep(db, tenantId, link, at, guard),
    sourceLines,
    sourceCarts,
  };
}

/**
 * How the link's cart is to be fulfilled goes along with its lines, when its maker chose (pickup, or a place to deliver
 * to): that is what was arranged with the shopper. A cart left at the default keeps the shopper's own choice.
 */
function linkChoicesStep(db: D1Database, tenantId: number, link: CartEnd, at: CartEnd, guard: MoveGuard) {
  return step(
    db
      .prepare(
        `UPDATE carts SET fulfillment = g.fulfillment, delivery_pincode = g.delivery_pincode,
           delivery_latitude = g.delivery_latitude, delivery_longitude = g.delivery_longitude, delivery_address_id = NULL,
           updated_at = ?6
         FROM (SELECT fulfillment, delivery_pincode, delivery_latitude, delivery_longitude FROM carts
               WHERE tenant_id = ?1 AND owner = ?2 AND branch_id = ?4) AS g
         WHERE carts.tenant_id = ?1 AND carts.owner = ?3 AND carts.branch_id = ?5
           AND (g.fulfillment = 'pickup' OR g.delivery_pincode IS NOT NULL OR g.delivery_latitude IS NOT NULL) AND ${guard.sql}`,
      )
      .bind(tenantId, link.owner, at.owner, link.branchId, at.branchId, guard.now, guard.value),
  );
}
