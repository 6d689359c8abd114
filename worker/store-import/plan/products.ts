import { type ImportStep, percentToBp, type SqlValue } from "./rows";

/**
 * Products with their options: attributes and their values, the priced combinations of values (variants), add-ons
 * (multi-selectable attributes) with their dependencies and per-variant prices, the branches that do not sell them,
 * and the file's reviews of them.
 */
export const productRows: ImportStep = ({ store, tenantId: t, minor }) => {
  const products = store.products.map((p, i) => [
    t,
    p.id,
    p.category_id,
    p.name,
    p.slug,
    p.description,
    JSON.stringify(p.images),
    minor(p.selling_price, ["products", i, "selling_price"]),
    p.original_price === null ? null : minor(p.original_price, ["products", i, "original_price"]),
    i,
    percentToBp(p.tax_rate),
  ]);

  const attributes: SqlValue[][] = [];
  const attributeValues: SqlValue[][] = [];
  const combinations: SqlValue[][] = [];
  const multiAttributes: SqlValue[][] = [];
  const multiValues: SqlValue[][] = [];
  store.products.forEach((p, i) => {
    p.attributes.forEach((a, ai) => {
      attributes.push([t, a.id, p.id, a.name, ai]);
      a.values.forEach((v, vi) => {
        attributeValues.push([t, v.id, a.id, p.id, v.value, vi]);
      });
    });
    p.combinations.forEach((c, ci) => {
      const valueIds = [...c.ids].sort((x, y) => x - y).join(",");
      combinations.push([t, c.variant_id, p.id, valueIds, minor(c.price, ["products", i, "combinations", ci, "price"]), ci]);
    });
    p.multi_selectable_attributes.forEach((m, mi) => {
      multiAttributes.push([t, m.id, p.id, m.name, m.min_select, m.max_select, mi]);
      m.values.forEach((v, vi) => {
        const at = ["products", i, "multi_selectable_attributes", mi, "values", vi];
        const variantPrices = v.variant_prices.map((vp, vpi) => ({
          variant_id: vp.variant_id,
          price: minor(vp.price, [...at, "variant_prices", vpi, "price"]),
        }));
        multiValues.push([
          t,
          v.id,
          m.id,
          p.id,
          v.value,
          v.price === null ? null : minor(v.price, [...at, "price"]),
          JSON.stringify(v.dependencies),
          JSON.stringify(variantPrices),
          vi,
        ]);
      });
    });
  });

  return [
    {
      table: "products",
      columns: [
        "tenant_id",
        "id",
        "category_id",
        "name",
        "slug",
        "description",
        "images_json",
        "selling_price",
        "original_price",
        "position",
        "tax_rate_bp",
      ],
      rows: products,
    },
    { table: "product_attributes", columns: ["tenant_id", "id", "product_id", "name", "position"], rows: attributes },
    {
      table: "product_attribute_values",
      columns: ["tenant_id", "id", "attribute_id", "product_id", "value", "position"],
      rows: attributeValues,
    },
    {
      table: "product_combinations",
      columns: ["tenant_id", "variant_id", "product_id", "value_ids", "price", "position"],
      rows: combinations,
    },
    {
      table: "product_multi_attributes",
      columns: ["tenant_id", "id", "product_id", "name", "min_select", "max_select", "position"],
      rows: multiAttributes,
    },
    {
      table: "product_multi_values",
      columns: [
        "tenant_id",
        "id",
        "multi_attribute_id",
        "product_id",
        "value",
        "price",
        "dependencies_json",
        "variant_prices_json",
        "position",
      ],
      rows: multiValues,
    },
    {
      table: "branch_unavailable_products",
      columns: ["tenant_id", "product_id", "branch_id"],
      rows: store.products.flatMap((p) => p.unavailable_at_branches.map((branchId) => [t, p.id, branchId])),
    },
    {
      table: "branch_stock",
      columns: ["tenant_id", "product_id", "branch_id", "quantity"],
      rows: store.products.flatMap((p) => p.stock.map((s) => [t, p.id, s.branch_id, s.quantity])),
    },
    {
      table: "product_reviews",
      columns: ["tenant_id", "id", "product_id", "rating", "author", "body", "created_at"],
      rows: store.reviews.map((r) => [t, r.id, r.product_id, r.rating, r.author, r.body, new Date(r.created_at).toISOString()]),
    },
  ];
};
