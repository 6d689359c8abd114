import { toMinor } from "../../commerce/money";
import { sanitizeHtml } from "../html/sanitize-html";
import type { ImportIssue } from "./check-references";
import type { StoreFile } from "./store-file-schema";

export type SqlValue = string | number | null;
export interface Statement {
  sql: string;
  params: SqlValue[];
}

/** Tables holding one store's rows, children first so a replace deletes in a safe order. */
const STORE_TABLES = [
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
  "products",
  "categories",
  "pages",
  "banners",
  "layout_elements",
  "branches",
  "site_settings",
  "tenant_hosts",
] as const;

/**
 * Rows of a store table that are not the file's and survive a re-import: shoppers' ratings of delivered order lines
 * (their ids are above any id a file may carry, so the file's rows never collide with them).
 */
const KEPT_ROWS: Partial<Record<(typeof STORE_TABLES)[number], string>> = {
  product_reviews: " AND order_line_id IS NULL",
};

const CACHE_MARKERS = ["settings", "layouts", "branches", "products"] as const;

/**
 * Rows go to D1 as one JSON array per statement (`INSERT … SELECT … FROM json_each(?)`), not as `VALUES (?, …)` lists:
 * D1 binds at most 100 parameters per statement, which would mean 10 products a statement and ~20,000 statements for a
 * 100,000-product store, and every statement in a batch has a fixed cost. One parameter can hold thousands of rows, as
 * long as it stays under D1's 2 MB limit for a string value; chunks are cut at half of that.
 */
export const MAX_CHUNK_BYTES = 1_000_000;

const utf8 = new TextEncoder();

function insertRows(table: string, columns: string[], rows: SqlValue[][]): Statement[] {
  // value ->> n reads element n of the row array as an SQL value: a JSON string as TEXT, a number as INTEGER or REAL.
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `value ->> ${i}`).join(", ")} FROM json_each(?)`;
  const statements: Statement[] = [];
  let chunk: string[] = [];
  let bytes = 2; // the brackets
  const flush = () => {
    if (chunk.length > 0) statements.push({ sql, params: [`[${chunk.join(",")}]`] });
    chunk = [];
    bytes = 2;
  };
  for (const row of rows) {
    if (row.length !== columns.length) throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns`);
    const json = JSON.stringify(row);
    const size = utf8.encode(json).length + 1; // and its comma
    if (chunk.length > 0 && bytes + size > MAX_CHUNK_BYTES) flush();
    chunk.push(json);
    bytes += size;
  }
  flush();
  return statements;
}

/** Converts every price in the file to minor units, reporting any with more decimals than the store's currency. */
function moneyConverter(decimalPlaces: number, issues: ImportIssue[]) {
  return (amount: number, path: (string | number)[]): number => {
    const minor = toMinor(amount, decimalPlaces);
    if (minor === null) {
      issues.push({ path, message: `${amount} has more than ${decimalPlaces} decimal places for this store's currency` });
      return 0;
    }
    return minor;
  };
}

/** A percentage from the file (5, 12.5) as basis points (500, 1250); the schema allows at most 2 decimals. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** Kilometres from the file (at most 3 decimals) as whole metres. */
export function kmToMetres(km: number): number {
  return Math.round(km * 1000);
}

/**
 * Builds every statement that replaces one store with the file's contents. Run together in one D1 batch,
 * they either all apply or none do, and they bump the store's cache markers so no cached copy of the old
 * store is served.
 */
export function planImport(store: StoreFile, tenantId: number): { statements: Statement[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const decimalPlaces = Number(store.settings.decimalPlaces ?? "2");
  const minor = moneyConverter(decimalPlaces, issues);
  const t = tenantId;

  const settings: Record<string, string> = { ...store.settings };
  if (settings.powered_by_zepio !== undefined) settings.powered_by_zepio = sanitizeHtml(settings.powered_by_zepio);
  // The preview home shows until the store has a product; the flag follows the catalogue.
  if (store.products.length > 0) settings.addedProduct = "true";

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

  const layout = store.layout.map((element, i) => {
    const data =
      element.code === "custom_html_block" && typeof element.data.html === "string"
        ? { ...element.data, html: sanitizeHtml(element.data.html) }
        : element.data;
    return [t, i + 1, element.type, element.code, JSON.stringify(data), JSON.stringify(element.settings), i, element.uniqueId ?? null];
  });

  // Coupons then automatic discounts, in file order; one table, code null for an automatic discount.
  const discountLists = [
    ["coupons", store.coupons],
    ["automatic_discounts", store.automatic_discounts],
  ] as const;
  const discounts: SqlValue[][] = discountLists.flatMap(([list, entries]) =>
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
        0,
      ];
    }),
  );
  discounts.forEach((row, position) => {
    row[row.length - 1] = position;
  });

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

  const fees = store.fees.map((f, i) => [
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
  ]);

  const statements: Statement[] = [
    ...STORE_TABLES.map((table) => ({ sql: `DELETE FROM ${table} WHERE tenant_id = ?${KEPT_ROWS[table] ?? ""}`, params: [t] })),
    {
      sql: "INSERT INTO tenants (id, slug) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET slug = excluded.slug",
      params: [t, store.slug],
    },
    ...insertRows(
      "tenant_hosts",
      ["hostname", "tenant_id"],
      store.hostnames.map((h) => [h, t]),
    ),
    ...insertRows(
      "site_settings",
      ["tenant_id", "key", "value"],
      Object.entries(settings).map(([k, v]) => [t, k, v]),
    ),
    ...insertRows(
      "branches",
      [
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
      store.branches.map((b) => [
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
    ),
    ...insertRows(
      "categories",
      ["tenant_id", "id", "name", "slug", "primary_image", "color", "position"],
      store.categories.map((c, i) => [t, c.id, c.name, c.slug, c.primary_image, c.color, i]),
    ),
    ...insertRows(
      "banners",
      ["tenant_id", "id", "image", "link_type", "data_json"],
      store.banners.map((b) => [t, b.id, b.image, b.link_type, JSON.stringify({ ...b.data, alt: bannerAlt(store, b) })]),
    ),
    ...insertRows(
      "products",
      [
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
      products,
    ),
    ...insertRows("product_attributes", ["tenant_id", "id", "product_id", "name", "position"], attributes),
    ...insertRows("product_attribute_values", ["tenant_id", "id", "attribute_id", "product_id", "value", "position"], attributeValues),
    ...insertRows("product_combinations", ["tenant_id", "variant_id", "product_id", "value_ids", "price", "position"], combinations),
    ...insertRows(
      "product_multi_attributes",
      ["tenant_id", "id", "product_id", "name", "min_select", "max_select", "position"],
      multiAttributes,
    ),
    ...insertRows(
      "product_multi_values",
      ["tenant_id", "id", "multi_attribute_id", "product_id", "value", "price", "dependencies_json", "variant_prices_json", "position"],
      multiValues,
    ),
    ...insertRows("layout_elements", ["tenant_id", "id", "type", "code", "data_json", "settings_json", "position", "unique_id"], layout),
    ...insertRows(
      "pages",
      ["tenant_id", "id", "slug", "title", "content_html", "position"],
      store.pages.map((p, i) => [t, p.id, p.slug, p.title, sanitizeHtml(p.content), i]),
    ),
    ...insertRows(
      "product_reviews",
      ["tenant_id", "id", "product_id", "rating", "author", "body", "created_at"],
      store.reviews.map((r) => [t, r.id, r.product_id, r.rating, r.author, r.body, new Date(r.created_at).toISOString()]),
    ),
    ...insertRows(
      "discount_rules",
      [
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
      discounts,
    ),
    ...insertRows("branch_delivery", ["tenant_id", "branch_id", "mode", "base_charge", "free_above", "pickup_available"], branchDelivery),
    ...insertRows("delivery_slabs", ["tenant_id", "branch_id", "up_to_metres", "charge"], slabs),
    ...insertRows(
      "additional_fees",
      ["tenant_id", "id", "name", "kind", "value", "min_subtotal", "max_subtotal", "fulfillment", "tax_rate_bp", "position"],
      fees,
    ),
    {
      sql: `INSERT INTO cache_markers (tenant_id, name, version) VALUES ${CACHE_MARKERS.map(() => "(?, ?, 1)").join(", ")}
            ON CONFLICT (tenant_id, name) DO UPDATE SET version = version + 1`,
      params: CACHE_MARKERS.flatMap((name) => [t, name]),
    },
  ];
  return { statements, issues };
}

/**
 * A banner's text alternative, which is also its link's name: the store file's alt, else the name of the product or
 * category it leads to; empty (decorative) for a picture that leads nowhere.
 */
function bannerAlt(store: StoreFile, banner: StoreFile["banners"][number]): string {
  if (banner.alt) return banner.alt;
  if (banner.link_type === "PRODUCT") return store.products.find((p) => p.id === banner.data.product_id)?.name ?? "";
  if (banner.link_type === "CATEGORY") return store.categories.find((c) => c.id === banner.data.category_id)?.name ?? "";
  return "";
}
