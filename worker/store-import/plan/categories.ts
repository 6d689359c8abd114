import type { ImportStep } from "./rows";

/** Categories in file order, which is the order the storefront lists them in. */
export const categoryRows: ImportStep = ({ store, tenantId }) => [
  {
    table: "categories",
    columns: ["tenant_id", "id", "name", "slug", "primary_image", "color", "position"],
    rows: store.categories.map((c, i) => [tenantId, c.id, c.name, c.slug, c.primary_image, c.color, i]),
  },
];
