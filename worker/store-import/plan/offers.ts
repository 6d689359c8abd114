import { type ImportStep, percentToBp, type SqlValue } from "./rows";

/**
 * Coupons then automatic discounts, in file order, in one table (code null for an automatic discount); and the
 * additional fees an order may carry.
 */
export const offerRows: ImportStep = ({ store, tenantId: t, minor }) => {
  const discountLists = [
    ["coupons", store.coupons],
    ["automatic_discounts", store.automatic_discounts],
  ] as const;
  const discounts: SqlValue[][] = discountLists
    .flatMap(([list, entries]) =>
      entries.map((d, i) => {
        const at = (field: string) => [list, i, field];
        const value = d.type === "percent" ? percentToBp(d.value) : d.type === "fixed" ? minor(d.value, at("value")) : 0;
        const code = "code" in d ? d.code : null;
        return [
          t,
          d.id,
          code,
          d.label,
          d.description,
          d.type,
          value,
          d.max_discount === null ? null : minor(d.max_discount, at("max_discount")),
          d.min_order === null ? null : minor(d.min_order, at("min_order")),
          d.starts_at === null ? null : Date.parse(d.starts_at),
          d.ends_at === null ? null : Date.parse(d.ends_at),
          d.usage_limit,
          d.per_customer_limit,
          d.first_order_only ? 1 : 0,
          JSON.stringify(d.product_ids),
          JSON.stringify(d.category_ids),
          d.priority,
          "visible" in d && !d.visible ? 0 : 1,
        ];
      }),
    )
    .map((row, position) => [...row, position]);

  return [
    {
      table: "discount_rules",
      columns: [
        "tenant_id",
        "id",
        "code",
        "label",
        "description",
        "kind",
        "value",
        "max_discount",
        "min_subtotal",
        "starts_at",
        "ends_at",
        "usage_limit",
        "per_customer_limit",
        "first_order_only",
        "product_ids_json",
        "category_ids_json",
        "priority",
        "is_visible",
        "position",
      ],
      rows: discounts,
    },
    {
      table: "additional_fees",
      columns: ["tenant_id", "id", "name", "kind", "value", "min_subtotal", "max_subtotal", "fulfillment", "tax_rate_bp", "position"],
      rows: store.fees.map((f, i) => [
        t,
        f.id,
        f.name,
        f.type,
        f.type === "percent" ? percentToBp(f.value) : minor(f.value, ["fees", i, "value"]),
        f.min_subtotal === null ? null : minor(f.min_subtotal, ["fees", i, "min_subtotal"]),
        f.max_subtotal === null ? null : minor(f.max_subtotal, ["fees", i, "max_subtotal"]),
        f.fulfillment,
        percentToBp(f.tax_rate),
        i,
      ]),
    },
  ];
};
