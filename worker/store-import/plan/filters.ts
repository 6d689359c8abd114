import type { ImportStep, SqlValue } from "./rows";

/**
 * The store's filterable attributes with their values, and which products carry which values (with the product's
 * category, so a category page counts only its own part of a value's list).
 */
export const filterRows: ImportStep = ({ store, tenantId: t }) => {
  const carried: SqlValue[][] = [];
  for (const p of store.products) {
    for (const [key, given] of Object.entries(p.filter_values)) {
      for (const value of new Set(typeof given === "string" ? [given] : given)) carried.push([t, key, value, p.category_id, p.id]);
    }
  }
  return [
    {
      table: "filter_attributes",
      columns: ["tenant_id", "key", "label", "position"],
      rows: store.filters.map((f, i) => [t, f.key, f.label, i]),
    },
    {
      table: "filter_values",
      columns: ["tenant_id", "attribute_key", "value", "position"],
      rows: store.filters.flatMap((f) => f.values.map((value, i) => [t, f.key, value, i])),
    },
    { table: "product_filter_values", columns: ["tenant_id", "attribute_key", "value", "category_id", "product_id"], rows: carried },
  ];
};
