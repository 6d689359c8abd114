/**
 * The tables holding one store's rows. A table a step writes is named in both lists: STORE_TABLES, children first, is the
 * order a replace deletes in; INSERT_ORDER, parents first, the order the new rows are written in, whichever step
 * produced them.
 */
export const STORE_TABLES = [
  "discount_rules",
  "additional_fees",
  "delivery_slabs",
  "branch_delivery",
  "product_reviews",
  "product_multi_values",
  "product_multi_attributes",
  "product_combinations",
  "product_attribute_values",
  "product_attributes",
  "branch_unavailable_products",
  "branch_stock",
  "product_filter_values",
  "filter_values",
  "filter_attributes",
  "products",
  "categories",
  "pages",
  "banners",
  "layout_elements",
  "branches",
  "site_settings",
  "tenant_hosts",
] as const;

export type StoreTable = (typeof STORE_TABLES)[number];

export const INSERT_ORDER = [
  "tenant_hosts",
  "site_settings",
  "branches",
  "categories",
  "banners",
  "products",
  "product_attributes",
  "product_attribute_values",
  "product_combinations",
  "product_multi_attributes",
  "product_multi_values",
  "branch_unavailable_products",
  "branch_stock",
  "filter_attributes",
  "filter_values",
  "product_filter_values",
  "layout_elements",
  "pages",
  "product_reviews",
  "discount_rules",
  "branch_delivery",
  "delivery_slabs",
  "additional_fees",
] as const satisfies readonly StoreTable[];

/**
 * Rows of a store table that are not the file's and survive a re-import: shoppers' ratings of delivered order lines
 * (their ids are above any id a file may carry, so the file's rows never collide with them).
 */
export const KEPT_ROWS: Partial<Record<StoreTable, string>> = {
  product_reviews: " AND order_line_id IS NULL",
};
