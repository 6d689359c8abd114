import { isPincode } from "../../commerce/addresses";
import { isPoint } from "../../commerce/geo";
import type { Fulfillment } from "../../commerce/pricing";
import { NO_STEPS, namedBatch, step } from "../db/batch";
import { type CartScope, type Changed, checkScope, type Reads, refusal, SCOPE_FIRST } from "./cart-store";

/**
 * What a cart carries into pricing besides its lines: the applied coupon code, delivery or pickup, and the delivery
 * location (a pincode, or a latitude and longitude, typed on /cart, or a signed-in shopper's saved address). Each
 * write creates the cart when the owner has none yet (one statement, `INSERT … ON CONFLICT DO UPDATE`, then the
 * caller's `reads`), and only for a branch of the store. Whether a code is a coupon is pricing's answer
 * (coupon_message), not an error here: only a malformed code is.
 */

const CODE = /^[A-Za-z0-9_-]{1,40}$/;

export interface DeliveryLocation {
  pincode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The saved address these come from (the caller resolved it as the owner's); null when typed in. */
  addressId?: number | null;
}

/** Only a branch of the store, or (`pickup`) only a branch that offers pickup: one condition inside the write. */
const at = SCOPE_FIRST;
const BRANCH = `EXISTS (SELECT 1 FROM branches WHERE tenant_id = ${at.tenant} AND id = ${at.branch})`;
const PICKUP_BRANCH = `EXISTS (SELECT 1 FROM branch_delivery WHERE tenant_id = ${at.tenant} AND branch_id = ${at.branch} AND pickup_available = 1)`;

async function upsertCart<R extends Reads>(
  db: D1Database,
  scope: CartScope,
  columns: Record<string, string | number | null>,
  reads: R,
  condition: { sql: string; refusal: "branch_not_found" | "pickup_unavailable" } = { sql: BRANCH, refusal: "branch_not_found" },
): Promise<Changed<void, R>> {
  checkScope(scope);
  const names = Object.keys(columns);
  const now = Date.now();
  const upsert = db
    .prepare(
      `INSERT INTO carts (tenant_id, branch_id, owner, created_at, updated_at, ${names.join(", ")})
       SELECT ?1, ?2, ?3, ?4, ?4, ${names.map((_, i) => `?${i + 5}`).join(", ")}
       WHERE ${condition.sql}
       ON CONFLICT (tenant_id, branch_id, owner) DO UPDATE SET updated_at = excluded.updated_at,
         ${names.map((name) => `${name} = excluded.${name}`).join(", ")}`,
    )
    .bind(scope.tenantId, scope.branchId, scope.owner, now, ...Object.values(columns));
  const ran = await namedBatch(db, { upsert: step(upsert), reads });
  if (ran.upsert.meta.changes !== 1) throw refusal(condition.refusal);
  return { value: undefined, reads: ran.reads };
}

/** Applies a coupon code (trimmed, kept as typed; matching ignores case), or removes it with null. */
export async function setCouponCode<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  code: string | null,
  reads: R = NO_STEPS as R,
): Promise<Changed<void, R>> {
  const trimmed = code?.trim() ?? null;
  if (trimmed !== null && !CODE.test(trimmed)) throw refusal("invalid_coupon");
  return upsertCart(db, scope, { coupon_code: trimmed }, reads);
}

/** The cart's columns for a delivery location, or a refusal of a malformed one. */
function deliveryColumns(location: DeliveryLocation) {
  const pincode = location.pincode?.trim() || null;
  if (pincode !== null && !isPincode(pincode)) throw refusal("invalid_location");
  const hasPoint = location.latitude !== null || location.longitude !== null;
  if (hasPoint && !isPoint(location)) throw refusal("invalid_location");
  return {
    delivery_pincode: pincode,
    delivery_latitude: hasPoint ? location.latitude : null,
    delivery_longitude: hasPoint ? location.longitude : null,
    delivery_address_id: location.addressId ?? null,
  };
}

/**
 * Sets where to deliver: a pincode, a point, or both (null clears). A pincode alone gives no distance, so the branch's
 * base charge applies; a point gives the straight-line distance from the branch.
 */
export async function setDeliveryLocation<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  location: DeliveryLocation,
  reads: R = NO_STEPS as R,
): Promise<Changed<void, R>> {
  return upsertCart(db, scope, deliveryColumns(location), reads);
}

/**
 * Delivery to the customer's saved address `addressId` (placing an order), its pincode and position copied from the
 * address row inside the write, so nothing reads the address first. Only this customer's address, placed on the map,
 * at a branch of the store, is taken: otherwise nothing is written and `value` is false (the caller reads why).
 */
export async function setDeliveryToSaved<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  customerId: number,
  addressId: number,
  reads: R = NO_STEPS as R,
): Promise<Changed<boolean, R>> {
  checkScope(scope);
  const columns = ["delivery_pincode", "delivery_latitude", "delivery_longitude", "delivery_address_id"];
  const upsert = db
    .prepare(
      `INSERT INTO carts (tenant_id, branch_id, owner, created_at, updated_at, fulfillment, ${columns.join(", ")})
       SELECT ?1, ?2, ?3, ?4, ?4, 'delivery', a.pincode, a.latitude, a.longitude, a.id FROM addresses a
       WHERE a.tenant_id = ?1 AND a.customer_id = ?5 AND a.id = ?6 AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL
         AND ${BRANCH}
       ON CONFLICT (tenant_id, branch_id, owner) DO UPDATE SET updated_at = excluded.updated_at,
         fulfillment = excluded.fulfillment, ${columns.map((name) => `${name} = excluded.${name}`).join(", ")}`,
    )
    .bind(scope.tenantId, scope.branchId, scope.owner, Date.now(), customerId, addressId);
  const ran = await namedBatch(db, { upsert: step(upsert), reads });
  return { value: ran.upsert.meta.changes === 1, reads: ran.reads };
}

/**
 * Delivery or pickup. Pickup only at a branch that offers it (else pickup_unavailable); pricing then charges no
 * delivery, and fees limited to one fulfillment follow the choice.
 */
export async function setFulfillment<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  fulfillment: Fulfillment,
  reads: R = NO_STEPS as R,
): Promise<Changed<void, R>> {
  if (fulfillment === "delivery") return upsertCart(db, scope, { fulfillment }, reads);
  return upsertCart(db, scope, { fulfillment }, reads, { sql: `${BRANCH} AND ${PICKUP_BRANCH}`, refusal: "pickup_unavailable" });
}
