import type { WeeklyHours } from "../../commerce/branch-areas";
import type { BranchDeliveryRules } from "../../commerce/delivery-area";
import { markedKey, markedValue } from "../cache/marked-cache";
import { namedBatch, step } from "../db/batch";
import type { Branch } from "../store-data/store-data";
import type { Tenant } from "../tenancy/tenant";

/** A branch as the branch choice, the location drawer and the delivery check read it (money in minor units). */
export interface StoreBranch extends BranchDeliveryRules {
  address: string;
  isMain: boolean;
  takesPickup: boolean;
  hours: WeeklyHours | null;
  timeZone: string;
}

interface BranchRow extends Branch {
  delivery_radius_metres: number | null;
  delivery_area_json: string | null;
  opening_hours_json: string | null;
  time_zone: string;
  takes_delivery: 0 | 1;
  closed: 0 | 1;
  mode: "flat" | "slabs" | null;
  base_charge: number | null;
  free_above: number | null;
  pickup_available: 0 | 1 | null;
}

interface SlabRow {
  branch_id: number;
  up_to_metres: number;
  charge: number;
}

/** Every branch of the store with where, when and for how much it delivers, in one batch. */
export async function loadStoreBranches(db: D1Database, tenantId: number): Promise<StoreBranch[]> {
  const ran = await namedBatch(db, {
    branches: step<BranchRow>(
      db
        .prepare(
          `SELECT b.id, b.name, b.address, b.latitude, b.longitude, b.is_main_branch, b.delivery_radius_metres,
                  b.delivery_area_json, b.opening_hours_json, b.time_zone, b.takes_delivery, b.closed,
                  d.mode, d.base_charge, d.free_above, d.pickup_available
           FROM branches b
           LEFT JOIN branch_delivery d ON d.tenant_id = b.tenant_id AND d.branch_id = b.id
           WHERE b.tenant_id = ?1 ORDER BY b.id`,
        )
        .bind(tenantId),
    ),
    slabs: step<SlabRow>(
      db.prepare("SELECT branch_id, up_to_metres, charge FROM delivery_slabs WHERE tenant_id = ?1 ORDER BY up_to_metres").bind(tenantId),
    ),
  });
  const slabRows = ran.slabs.results;
  return ran.branches.results.map((b) => ({
    id: b.id,
    name: b.name,
    address: b.address,
    latitude: b.latitude,
    longitude: b.longitude,
    isMain: b.is_main_branch === 1,
    radiusMetres: b.delivery_radius_metres,
    polygon: b.delivery_area_json === null ? null : (JSON.parse(b.delivery_area_json) as [number, number][]),
    hours: b.opening_hours_json === null ? null : (JSON.parse(b.opening_hours_json) as WeeklyHours),
    timeZone: b.time_zone,
    takesDelivery: b.takes_delivery === 1,
    closed: b.closed === 1,
    // As pricing reads it: a branch without a delivery row delivers at no charge and offers no pickup.
    takesPickup: b.pickup_available === 1,
    mode: b.mode ?? "flat",
    baseCharge: b.base_charge ?? 0,
    slabs: slabRows.filter((s) => s.branch_id === b.id).map((s) => ({ upToMetres: s.up_to_metres, charge: s.charge })),
    freeAbove: b.free_above,
  }));
}

/**
 * The store's branches as of its current `branches` marker: from this isolate's memory, else KV, else D1. Both copies
 * are keyed by the marker, so an import (which bumps it) is seen by the next request.
 */
export async function storeBranches(
  env: { DB: D1Database; KV: KVNamespace },
  ctx: Pick<ExecutionContext, "waitUntil">,
  tenant: Tenant,
): Promise<StoreBranch[]> {
  const key = markedKey(tenant, "branches", ["branches"]);
  return (await markedValue(env, ctx, key, "isolate+kv", () => loadStoreBranches(env.DB, tenant.id))).value;
}
