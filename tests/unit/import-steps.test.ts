import { describe, expect, it } from "vitest";
import type { ImportIssue } from "../../worker/store-import/check-references";
import { planImport } from "../../worker/store-import/import-plan";
import { branchRows } from "../../worker/store-import/plan/branches";
import { categoryRows } from "../../worker/store-import/plan/categories";
import { contentRows } from "../../worker/store-import/plan/content";
import { offerRows } from "../../worker/store-import/plan/offers";
import { productRows } from "../../worker/store-import/plan/products";
import { type ImportStep, moneyConverter, type TableRows } from "../../worker/store-import/plan/rows";
import { settingsRows } from "../../worker/store-import/plan/settings";
import { INSERT_ORDER, STORE_TABLES } from "../../worker/store-import/plan/tables";
import { bumpCacheMarkers, hostRows, upsertTenant } from "../../worker/store-import/plan/tenant";
import { type StoreFile, storeFileSchema } from "../../worker/store-import/store-file-schema";

/** A small store with one of each kind of row; tests change a copy of it. */
const file = {
  slug: "tiny",
  hostnames: ["tiny.localhost", "www.tiny.localhost"],
  settings: {
    storeName: "Tiny",
    decimalPlaces: "2",
    powered_by_zepio: '<p>By <a href="https://x.test/">X</a><script>alert(1)</script></p>',
  },
  branches: [
    {
      id: 1,
      name: "Main",
      latitude: 12.9,
      longitude: 77.6,
      is_main_branch: 1,
      delivery: {
        type: "slabs",
        base_charge: 40,
        free_above: 499,
        pickup: true,
        slabs: [
          { up_to_km: 2.5, charge: 25 },
          { up_to_km: 6, charge: 45.5 },
        ],
      },
      delivery_area: { radius_km: 7.25 },
      opening_hours: { mon: [["09:00", "21:00"]] },
      time_zone: "Asia/Kolkata",
    },
    {
      id: 2,
      name: "Kiosk",
      delivery_area: {
        polygon: [
          [1, 1],
          [1, 2],
          [2, 2],
        ],
      },
      takes_delivery: false,
      closed: true,
    },
  ],
  categories: [
    { id: 5, name: "Pizza", slug: "pizza" },
    { id: 3, name: "Drinks", slug: "drinks", color: "#112233" },
  ],
  banners: [
    { id: 1, image: "/a.png", link_type: "PRODUCT", data: { product_id: 10 } },
    { id: 2, image: "/b.png", link_type: "CATEGORY", data: { category_id: 3 } },
    { id: 3, image: "/c.png", link_type: "CUSTOM", alt: "Sale", data: { custom_url: "/sale" } },
    { id: 4, image: "/d.png", link_type: "NO_LINK" },
  ],
  products: [
    {
      id: 10,
      name: "Margherita",
      slug: "margherita",
      category_id: 5,
      images: ["/m.png"],
      selling_price: 199.5,
      original_price: 250,
      tax_rate: 5,
      attributes: [
        {
          id: 100,
          name: "Size",
          values: [
            { id: 102, value: "Large" },
            { id: 101, value: "Small" },
          ],
        },
      ],
      combinations: [
        { ids: [102], price: 299, variant_id: 900 },
        { ids: [101], price: 199.5, variant_id: 901 },
      ],
      multi_selectable_attributes: [
        {
          id: 200,
          name: "Toppings",
          max_select: 2,
          values: [
            { id: 201, value: "Olives", price: 20, variant_prices: [{ variant_id: 900, price: 30.25 }] },
            { id: 202, value: "Basil", dependencies: [201] },
          ],
        },
      ],
    },
    {
      id: 11,
      name: "Cola",
      slug: "cola",
      category_id: 3,
      selling_price: 40,
      unavailable_at_branches: [2],
      stock: [{ branch_id: 1, quantity: 12 }],
      filter_values: { diet: "Vegan" },
    },
  ],
  filters: [{ key: "diet", label: "Diet", values: ["Vegan"] }],
  layout: [
    { type: "designElement", code: "banner_slider", data: { banner_ids: [1, 2] }, settings: { autoplay: true } },
    { type: "designElement", code: "custom_html_block", data: { html: "<b>Hi</b><img src=x onerror=alert(1)>" }, uniqueId: "hello" },
  ],
  pages: [{ id: 1, slug: "about", title: "About", content: "<p>Us</p><script>alert(1)</script>" }],
  reviews: [{ id: 1, product_id: 10, rating: 5, author: "Asha", body: "Good", created_at: "2025-03-01T10:00:00+05:30" }],
  coupons: [
    { id: 1, code: "TENOFF", label: "10% off", type: "percent", value: 12.5, max_discount: 100, min_order: 300 },
    { id: 2, code: "HIDDEN", label: "₹50 off", type: "fixed", value: 50, visible: false, starts_at: "2025-01-01T00:00:00Z" },
  ],
  automatic_discounts: [
    { id: 3, label: "Free delivery", type: "free_delivery", category_ids: [3] },
    { id: 4, label: "Big spender", type: "percent", value: 7.5, min_order: 999 },
  ],
  fees: [
    { id: 1, name: "Packing", type: "flat", value: 10, max_subtotal: 500, fulfillment: "delivery" },
    { id: 2, name: "Service", type: "percent", value: 2.5, tax_rate: 18 },
  ],
};

const tiny = storeFileSchema.parse(file);

/** The tiny store as the schema gives it to the steps, changed by `change` (the steps trust the schema's checks). */
function store(change: (copy: StoreFile) => void = () => {}): StoreFile {
  const copy = structuredClone(tiny);
  change(copy);
  return copy;
}

/** Runs one step with the store's money converter: each table's rows as objects by column, and the issues. */
function run(step: ImportStep, input: StoreFile = store(), decimalPlaces = 2) {
  const issues: ImportIssue[] = [];
  const writes = step({ store: input, tenantId: 7, minor: moneyConverter(decimalPlaces, issues) });
  const tables = Object.fromEntries(writes.map((w) => [w.table, records(w)]));
  return { tables, issues: issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
}

const records = ({ columns, rows }: TableRows) => rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));

const tooPrecise = (path: string, amount: number, places = 2) =>
  `${path}: ${amount} has more than ${places} decimal places for this store's currency`;

describe("the tenant's own rows", () => {
  it("writes the hostnames, upserts the tenant by id and bumps every cache marker", () => {
    expect(run(hostRows).tables.tenant_hosts).toEqual([
      { hostname: "tiny.localhost", tenant_id: 7 },
      { hostname: "www.tiny.localhost", tenant_id: 7 },
    ]);
    expect(upsertTenant(store(), 7)).toEqual({
      sql: expect.stringMatching(/^INSERT INTO tenants .*ON CONFLICT \(id\)/),
      params: [7, "tiny"],
    });
    const bump = bumpCacheMarkers(7);
    expect(bump.params).toEqual([7, "settings", "layouts", "branches", "products"]);
    expect(new Set(bump.sql.match(/\?\d+/g))).toEqual(new Set(["?1", "?2", "?3", "?4", "?5"]));
  });
});

describe("settings step", () => {
  it("writes each setting as a row, cleans the powered-by HTML and sets addedProduct from the catalogue", () => {
    const rows = run(settingsRows).tables.site_settings ?? [];
    expect(rows).toContainEqual({ tenant_id: 7, key: "storeName", value: "Tiny" });
    expect(rows).toContainEqual({ tenant_id: 7, key: "addedProduct", value: "true" });
    const poweredBy = rows.find((r) => r.key === "powered_by_zepio")?.value;
    expect(poweredBy).toMatch(/^<p>By <a [^>]*href="https:\/\/x\.test\/">X<\/a><\/p>$/);
    expect(poweredBy).not.toContain("<script");
  });

  it("leaves addedProduct out while the store has no product", () => {
    const keys = run(
      settingsRows,
      store((f) => Object.assign(f, { products: [], banners: [], layout: [], reviews: [] })),
    ).tables.site_settings?.map((r) => r.key);
    expect(keys).toEqual(["storeName", "decimalPlaces", "powered_by_zepio"]);
  });
});

describe("branches step", () => {
  it("writes branches with areas and hours, and delivery charges in minor units and metres", () => {
    const { tables, issues } = run(branchRows);
    expect(issues).toEqual([]);
    expect(tables.branches).toEqual([
      expect.objectContaining({
        id: 1,
        is_main_branch: 1,
        delivery_radius_metres: 7250,
        delivery_area_json: null,
        opening_hours_json: '{"mon":[["09:00","21:00"]]}',
        time_zone: "Asia/Kolkata",
        takes_delivery: 1,
        closed: 0,
      }),
      expect.objectContaining({
        id: 2,
        address: "",
        latitude: null,
        delivery_radius_metres: null,
        delivery_area_json: "[[1,1],[1,2],[2,2]]",
        opening_hours_json: null,
        time_zone: "UTC",
        takes_delivery: 0,
        closed: 1,
      }),
    ]);
    // The kiosk has no delivery settings: no row, so it delivers at no charge.
    expect(tables.branch_delivery).toEqual([
      { tenant_id: 7, branch_id: 1, mode: "slabs", base_charge: 4000, free_above: 49900, pickup_available: 1 },
    ]);
    expect(tables.delivery_slabs).toEqual([
      { tenant_id: 7, branch_id: 1, up_to_metres: 2500, charge: 2500 },
      { tenant_id: 7, branch_id: 1, up_to_metres: 6000, charge: 4550 },
    ]);
  });

  it("reports delivery money with too many decimals, naming the field", () => {
    const { issues } = run(
      branchRows,
      store((f) => {
        f.branches[0]!.delivery!.free_above = 499.999;
        f.branches[0]!.delivery!.slabs[1]!.charge = 45.555;
      }),
    );
    expect(issues).toEqual([
      tooPrecise("branches.0.delivery.free_above", 499.999),
      tooPrecise("branches.0.delivery.slabs.1.charge", 45.555),
    ]);
  });
});

describe("categories step", () => {
  it("writes categories in file order with their position", () => {
    expect(run(categoryRows).tables.categories).toEqual([
      { tenant_id: 7, id: 5, name: "Pizza", slug: "pizza", primary_image: null, color: null, position: 0 },
      { tenant_id: 7, id: 3, name: "Drinks", slug: "drinks", primary_image: null, color: "#112233", position: 1 },
    ]);
  });
});

describe("products step", () => {
  it("writes products, options, variants, add-ons, where they are not sold and reviews in minor units", () => {
    const { tables, issues } = run(productRows);
    expect(issues).toEqual([]);
    expect(tables.products?.map((p) => [p.id, p.selling_price, p.original_price, p.tax_rate_bp, p.images_json, p.position])).toEqual([
      [10, 19950, 25000, 500, '["/m.png"]', 0],
      [11, 4000, null, 0, "[]", 1],
    ]);
    expect(tables.product_attributes).toEqual([{ tenant_id: 7, id: 100, product_id: 10, name: "Size", position: 0 }]);
    expect(tables.product_attribute_values?.map((v) => [v.id, v.attribute_id, v.position])).toEqual([
      [102, 100, 0],
      [101, 100, 1],
    ]);
    expect(tables.product_combinations).toEqual([
      { tenant_id: 7, variant_id: 900, product_id: 10, value_ids: "102", price: 29900, position: 0 },
      { tenant_id: 7, variant_id: 901, product_id: 10, value_ids: "101", price: 19950, position: 1 },
    ]);
    expect(tables.product_multi_attributes).toEqual([
      { tenant_id: 7, id: 200, product_id: 10, name: "Toppings", min_select: 0, max_select: 2, position: 0 },
    ]);
    expect(tables.product_multi_values).toEqual([
      expect.objectContaining({ id: 201, price: 2000, dependencies_json: "[]", variant_prices_json: '[{"variant_id":900,"price":3025}]' }),
      expect.objectContaining({ id: 202, price: null, dependencies_json: "[201]", variant_prices_json: "[]", position: 1 }),
    ]);
    expect(tables.product_reviews).toEqual([
      { tenant_id: 7, id: 1, product_id: 10, rating: 5, author: "Asha", body: "Good", created_at: "2025-03-01T04:30:00.000Z" },
    ]);
    expect(tables.branch_unavailable_products).toEqual([{ tenant_id: 7, product_id: 11, branch_id: 2 }]);
    expect(tables.branch_stock).toEqual([{ tenant_id: 7, product_id: 11, branch_id: 1, quantity: 12 }]);
  });

  it("sorts a combination's value ids, so one set of values names one variant", () => {
    const sorted = run(
      productRows,
      store((f) => {
        f.products[0]!.attributes.push({ id: 110, name: "Crust", values: [{ id: 111, value: "Thin" }] });
        f.products[0]!.combinations[0]!.ids = [111, 102];
      }),
    ).tables.product_combinations?.[0]?.value_ids;
    expect(sorted).toBe("102,111");
  });

  it("reports every price with more decimals than the currency, by its path", () => {
    const { issues } = run(
      productRows,
      store((f) => {
        f.products[1]!.selling_price = 40.555;
        f.products[0]!.combinations[0]!.price = 299.999;
        const olives = f.products[0]!.multi_selectable_attributes[0]!.values[0]!;
        olives.price = 20.001;
        olives.variant_prices[0]!.price = 30.255;
      }),
    );
    const addOn = "products.0.multi_selectable_attributes.0.values.0";
    expect(issues).toEqual([
      tooPrecise("products.1.selling_price", 40.555),
      tooPrecise("products.0.combinations.0.price", 299.999),
      tooPrecise(`${addOn}.variant_prices.0.price`, 30.255),
      tooPrecise(`${addOn}.price`, 20.001),
    ]);
  });

  it("counts decimals by the store's currency", () => {
    const { issues } = run(productRows, store(), 0);
    expect(issues).toContain(tooPrecise("products.0.selling_price", 199.5, 0));
    expect(run(productRows, store(), 3).issues).toEqual([]);
  });
});

describe("content step", () => {
  it("names banners after what they lead to unless the file says, and leaves a picture that leads nowhere unnamed", () => {
    const alts = run(contentRows).tables.banners?.map((b) => JSON.parse(b.data_json as string).alt);
    expect(alts).toEqual(["Margherita", "Drinks", "Sale", ""]);
  });

  it("writes layout blocks in order with their settings and pages, with owner HTML cleaned", () => {
    const { tables } = run(contentRows);
    expect(tables.layout_elements?.map((e) => [e.id, e.code, e.settings_json, e.position, e.unique_id])).toEqual([
      [1, "banner_slider", '{"autoplay":true}', 0, null],
      [2, "custom_html_block", "{}", 1, "hello"],
    ]);
    const html = JSON.parse(tables.layout_elements?.[1]?.data_json as string).html;
    expect(html).toContain("<b>Hi</b>");
    expect(html).not.toContain("onerror");
    expect(tables.pages).toEqual([
      { tenant_id: 7, id: 1, slug: "about", title: "About", content_html: expect.not.stringContaining("<script"), position: 0 },
    ]);
  });
});

describe("offers step", () => {
  it("writes coupons then automatic discounts in one table, and fees, in basis points and minor units", () => {
    const { tables, issues } = run(offerRows);
    expect(issues).toEqual([]);
    expect(tables.discount_rules).toEqual([
      expect.objectContaining({
        id: 1,
        code: "TENOFF",
        kind: "percent",
        value: 1250,
        max_discount: 10000,
        min_subtotal: 30000,
        is_visible: 1,
        position: 0,
      }),
      expect.objectContaining({
        id: 2,
        code: "HIDDEN",
        kind: "fixed",
        value: 5000,
        starts_at: Date.UTC(2025, 0, 1),
        is_visible: 0,
        position: 1,
      }),
      expect.objectContaining({ id: 3, code: null, kind: "free_delivery", value: 0, category_ids_json: "[3]", is_visible: 1, position: 2 }),
      expect.objectContaining({ id: 4, code: null, kind: "percent", value: 750, min_subtotal: 99900, position: 3 }),
    ]);
    expect(tables.additional_fees).toEqual([
      expect.objectContaining({
        id: 1,
        kind: "flat",
        value: 1000,
        min_subtotal: null,
        max_subtotal: 50000,
        fulfillment: "delivery",
        tax_rate_bp: 0,
      }),
      expect.objectContaining({ id: 2, kind: "percent", value: 250, fulfillment: null, tax_rate_bp: 1800, position: 1 }),
    ]);
  });

  it("reports discount and fee money with too many decimals; a percentage is not money", () => {
    const { issues } = run(
      offerRows,
      store((f) => {
        f.coupons[1]!.value = 50.001;
        f.automatic_discounts[1]!.min_order = 999.999;
        f.fees[0]!.value = 10.005;
      }),
    );
    expect(issues).toEqual([
      tooPrecise("coupons.1.value", 50.001),
      tooPrecise("automatic_discounts.1.min_order", 999.999),
      tooPrecise("fees.0.value", 10.005),
    ]);
  });
});

describe("planImport runs the steps", () => {
  it("deletes first, then writes every table in INSERT_ORDER, puts the desk's switches back, then bumps the markers", () => {
    expect([...INSERT_ORDER].sort()).toEqual([...STORE_TABLES].sort());
    const { statements, issues } = planImport(store(), 7);
    expect(issues).toEqual([]);
    const kinds = statements.map((s) =>
      s.sql
        .match(/^(DELETE FROM|INSERT INTO) (\w+)/)
        ?.slice(1)
        .join(" "),
    );
    expect(kinds.slice(0, STORE_TABLES.length)).toEqual(STORE_TABLES.map((t) => `DELETE FROM ${t}`));
    expect(kinds[STORE_TABLES.length]).toBe("INSERT INTO tenants");
    // The tiny store fills every table, one statement each.
    expect(kinds.slice(STORE_TABLES.length + 1, -3)).toEqual(INSERT_ORDER.map((t) => `INSERT INTO ${t}`));
    // Decision 087: the switches, kept apart from the file's rows, are written over the file's values.
    expect(statements.slice(-3, -1).map((s) => s.sql.match(/^(INSERT INTO|UPDATE) (\w+)/)?.[2])).toEqual(["site_settings", "branches"]);
    expect(kinds.at(-1)).toBe("INSERT INTO cache_markers");
  });

  it("reports money issues in the order of the file's sections", () => {
    const { issues } = planImport(
      store((f) => {
        f.fees[0]!.value = 10.005;
        f.products[0]!.selling_price = 1.001;
        f.branches[0]!.delivery!.base_charge = 2.002;
      }),
      7,
    );
    expect(issues.map((i) => i.path.join("."))).toEqual(["branches.0.delivery.base_charge", "products.0.selling_price", "fees.0.value"]);
  });
});
