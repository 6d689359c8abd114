import { type ImportStep, kmToMetres, type SqlValue } from "./rows";

/** Branches with where they deliver and when they open, and each branch's delivery charges (flat or by distance). */
export const branchRows: ImportStep = ({ store, tenantId: t, minor }) => {
  const branchDelivery: SqlValue[][] = [];
  const slabs: SqlValue[][] = [];
  store.branches.forEach((b, i) => {
    const d = b.delivery;
    if (!d) return;
    const at = ["branches", i, "delivery"];
    branchDelivery.push([
      t,
      b.id,
      d.type,
      minor(d.base_charge, [...at, "base_charge"]),
      d.free_above === null ? null : minor(d.free_above, [...at, "free_above"]),
      d.pickup ? 1 : 0,
    ]);
    d.slabs.forEach((slab, si) => {
      slabs.push([t, b.id, kmToMetres(slab.up_to_km), minor(slab.charge, [...at, "slabs", si, "charge"])]);
    });
  });
  return [
    {
      table: "branches",
      columns: [
        "tenant_id",
        "id",
        "name",
        "address",
        "latitude",
        "longitude",
        "is_main_branch",
        "delivery_radius_metres",
        "delivery_area_json",
        "opening_hours_json",
        "time_zone",
        "takes_delivery",
        "closed",
      ],
      rows: store.branches.map((b) => [
        t,
        b.id,
        b.name,
        b.address,
        b.latitude,
        b.longitude,
        b.is_main_branch,
        b.delivery_area?.radius_km == null ? null : kmToMetres(b.delivery_area.radius_km),
        b.delivery_area?.polygon ? JSON.stringify(b.delivery_area.polygon) : null,
        b.opening_hours === null ? null : JSON.stringify(b.opening_hours),
        b.time_zone,
        b.takes_delivery ? 1 : 0,
        b.closed ? 1 : 0,
      ]),
    },
    {
      table: "branch_delivery",
      columns: ["tenant_id", "branch_id", "mode", "base_charge", "free_above", "pickup_available"],
      rows: branchDelivery,
    },
    { table: "delivery_slabs", columns: ["tenant_id", "branch_id", "up_to_metres", "charge"], rows: slabs },
  ];
};
