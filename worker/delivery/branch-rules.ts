import type { BranchDeliveryRules } from "../../commerce/delivery-area";

interface BranchRow {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  mode: "flat" | "slabs" | null;
  base_charge: number | null;
  free_above: number | null;
}

/** Every branch of the store with its delivery rules (minor units), in one batch. */
export async function loadBranchRules(db: D1Database, tenantId: number): Promise<BranchDeliveryRules[]> {
  const [branches, slabs] = await db.batch([
    db
      .prepare(
        `SELECT b.id, b.name, b.latitude, b.longitude, d.mode, d.base_charge, d.free_above FROM branches b
         LEFT JOIN branch_delivery d ON d.tenant_id = b.tenant_id AND d.branch_id = b.id
         WHERE b.tenant_id = ? ORDER BY b.id`,
      )
      .bind(tenantId),
    db.prepare("SELECT branch_id, up_to_metres, charge FROM delivery_slabs WHERE tenant_id = ? ORDER BY up_to_metres").bind(tenantId),
  ]);
  const slabRows = (slabs?.results ?? []) as { branch_id: number; up_to_metres: number; charge: number }[];
  return ((branches?.results ?? []) as BranchRow[]).map((b) => ({
    id: b.id,
    name: b.name,
    latitude: b.latitude,
    longitude: b.longitude,
    // As pricing reads it: a branch without a delivery row delivers at no charge.
    mode: b.mode ?? "flat",
    baseCharge: b.base_charge ?? 0,
    slabs: slabRows.filter((s) => s.branch_id === b.id).map((s) => ({ upToMetres: s.up_to_metres, charge: s.charge })),
    freeAbove: b.free_above,
  }));
}
