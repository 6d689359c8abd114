import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkReferences } from "../../worker/store-import/check-references";
import { kmToMetres, MAX_CHUNK_BYTES, percentToBp, planImport } from "../../worker/store-import/import-plan";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";

const food = storeFileSchema.parse(JSON.parse(readFileSync("stores/food.json", "utf8")));

describe("the demo store files", () => {
  it.each(["food", "retail", "new"])("%s.json is valid and consistent", (name) => {
    const parsed = storeFileSchema.safeParse(JSON.parse(readFileSync(`stores/${name}.json`, "utf8")));
    expect(parsed.success && checkReferences(parsed.data)).toEqual([]);
  });

  it("food has at least 30 products, options with combinations and add-ons, and every block kind", () => {
    expect(food.products.length).toBeGreaterThanOrEqual(30);
    expect(food.products.filter((p) => p.combinations.length > 0).length).toBeGreaterThanOrEqual(3);
    const addOns = food.products.flatMap((p) => p.multi_selectable_attributes);
    expect(addOns.some((m) => m.min_select > 0)).toBe(true);
    expect(addOns.some((m) => m.max_select !== null)).toBe(true);
    expect(addOns.flatMap((m) => m.values).some((v) => v.dependencies.length > 0)).toBe(true);
    expect(addOns.flatMap((m) => m.values).some((v) => v.variant_prices.length > 0)).toBe(true);
    expect(food.branches.filter((b) => b.is_main_branch === 1)).toHaveLength(1);
  });
});

describe("planImport", () => {
  const { statements, issues } = planImport(food, 7);

  it("binds at most 100 parameters per statement (D1's limit) and scopes every row to the store", () => {
    expect(issues).toEqual([]);
    for (const statement of statements) {
      expect(statement.params.length).toBeLessThanOrEqual(100);
      // Numbered placeholders only, each bound value used: ?1 to ?n for n values.
      expect(statement.sql).not.toMatch(/\?(?!\d)/);
      expect(new Set(statement.sql.match(/\?\d+/g)).size).toBe(statement.params.length);
    }
    const deletes = statements.filter((s) => s.sql.startsWith("DELETE"));
    expect(deletes.every((s) => s.params[0] === 7 && s.sql.includes("WHERE tenant_id = ?1"))).toBe(true);
  });

  /** The rows an INSERT … FROM json_each(?1) statement carries: its one parameter, a JSON array of row arrays. */
  const rowsOf = (table: string, plan = statements) =>
    plan.filter((s) => s.sql.startsWith(`INSERT INTO ${table} (`)).flatMap((s) => JSON.parse(s.params[0] as string) as unknown[][]);

  it("stores money in minor units and sets addedProduct from the catalogue", () => {
    const first = food.products[0];
    expect(rowsOf("products")[0]).toContain(Math.round((first?.selling_price ?? 0) * 100));
    expect(rowsOf("site_settings")).toContainEqual([7, "addedProduct", "true"]);
  });

  it("sends each table's rows as JSON arrays with one value per column, in file order", () => {
    for (const statement of statements.filter((s) => s.sql.includes("json_each"))) {
      const columns = statement.sql.match(/^INSERT INTO \w+ \(([^)]*)\)/)?.[1]?.split(", ") ?? [];
      for (const row of JSON.parse(statement.params[0] as string) as unknown[][]) expect(row).toHaveLength(columns.length);
    }
    expect(rowsOf("products").map((row) => row[1])).toEqual(food.products.map((p) => p.id));
  });

  it("splits a large catalogue into chunks under MAX_CHUNK_BYTES without losing or repeating a row", () => {
    const big = structuredClone(food);
    big.products = Array.from({ length: 6000 }, (_, i) => ({ ...food.products[i % food.products.length]!, id: i + 1, slug: `p-${i + 1}` }));
    big.products.forEach((p) => {
      p.attributes = [];
      p.combinations = [];
      p.multi_selectable_attributes = [];
    });
    const plan = planImport({ ...big, reviews: [], banners: [], layout: [] }, 3).statements;
    const chunks = plan.filter((s) => s.sql.startsWith("INSERT INTO products ("));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk.params[0] as string).length).toBeLessThanOrEqual(MAX_CHUNK_BYTES);
    expect(rowsOf("products", plan).map((row) => row[1])).toEqual(big.products.map((p) => p.id));
  });

  it("bumps every cache marker last", () => {
    expect(statements.at(-1)?.sql).toMatch(/INSERT INTO cache_markers[\s\S]*version = version \+ 1/);
  });

  it("reports an invalid reference with the path to the field", () => {
    const broken = structuredClone(food);
    broken.products[0]!.combinations.push({ ids: [999_999], price: 1, variant_id: 888_888 });
    const found = checkReferences(broken);
    expect(found.some((i) => i.path.join(".").startsWith("products.0.combinations"))).toBe(true);
  });
});

describe("pricing settings in the import file", () => {
  const rowsOf = (table: string, plan: { sql: string; params: unknown[] }[]) =>
    plan.filter((s) => s.sql.startsWith(`INSERT INTO ${table} (`)).flatMap((s) => JSON.parse(s.params[0] as string) as unknown[][]);
  const columnsOf = (table: string, plan: { sql: string }[]) =>
    plan
      .find((s) => s.sql.startsWith(`INSERT INTO ${table} (`))
      ?.sql.match(/^INSERT INTO \w+ \(([^)]*)\)/)?.[1]
      ?.split(", ") ?? [];
  const { statements, issues } = planImport(food, 7);
  const record = (table: string) => {
    const columns = columnsOf(table, statements);
    return rowsOf(table, statements).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
  };

  it("converts percentages to basis points and kilometres to metres", () => {
    expect(percentToBp(5)).toBe(500);
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(0.07)).toBe(7);
    expect(kmToMetres(3)).toBe(3000);
    expect(kmToMetres(2.345)).toBe(2345);
  });

  it("writes tax rates, discount rules, delivery and fees in minor units and basis points", () => {
    expect(issues).toEqual([]);
    expect(record("products").every((p) => p.tax_rate_bp === 500)).toBe(true);
    expect(record("discount_rules")).toEqual([
      expect.objectContaining({
        id: 1,
        code: "FEAST20",
        kind: "percent",
        value: 2000,
        max_discount: 10000,
        min_subtotal: 30000,
        position: 0,
      }),
      expect.objectContaining({ id: 2, code: "WELCOME50", kind: "fixed", value: 5000, first_order_only: 1, per_customer_limit: 1 }),
      expect.objectContaining({ id: 3, code: null, kind: "percent", value: 1000, category_ids_json: "[7]", position: 2 }),
    ]);
    expect(record("branch_delivery")).toContainEqual({
      tenant_id: 7,
      branch_id: 1,
      mode: "slabs",
      base_charge: 4000,
      free_above: 49900,
      pickup_available: 1,
    });
    expect(record("delivery_slabs").filter((s) => s.branch_id === 1)).toEqual([
      { tenant_id: 7, branch_id: 1, up_to_metres: 3000, charge: 2500 },
      { tenant_id: 7, branch_id: 1, up_to_metres: 6000, charge: 4500 },
      { tenant_id: 7, branch_id: 1, up_to_metres: 10000, charge: 7000 },
    ]);
    expect(record("additional_fees")).toEqual([
      expect.objectContaining({ id: 1, name: "Packaging charge", kind: "flat", value: 2000, fulfillment: null, tax_rate_bp: 0 }),
    ]);
  });

  it("deletes the new tables before the branches and products they refer to", () => {
    const deletes = statements.filter((s) => s.sql.startsWith("DELETE")).map((s) => s.sql.split(" ")[2]);
    for (const table of ["discount_rules", "additional_fees", "delivery_slabs", "branch_delivery"]) {
      expect(deletes).toContain(table);
      expect(deletes.indexOf(table)).toBeLessThan(deletes.indexOf("branches"));
      expect(deletes.indexOf(table)).toBeLessThan(deletes.indexOf("products"));
    }
    expect(deletes.indexOf("delivery_slabs")).toBeLessThan(deletes.indexOf("branch_delivery"));
    // Redemptions are run-time data (written by orders), never replaced by an import.
    expect(deletes).not.toContain("coupon_redemptions");
  });

  it("reports money with too many decimals in the new fields, naming the field", () => {
    const broken = structuredClone(food);
    broken.fees[0]!.value = 20.005;
    broken.coupons[0]!.max_discount = 100.001;
    broken.branches[0]!.delivery!.slabs[1]!.charge = 45.555;
    const found = planImport(broken, 7).issues.map((i) => i.path.join("."));
    expect(found).toEqual(expect.arrayContaining(["fees.0.value", "coupons.0.max_discount", "branches.0.delivery.slabs.1.charge"]));
  });

  it("refuses malformed pricing settings with the field named", () => {
    const file = JSON.parse(readFileSync("stores/food.json", "utf8"));
    const paths = (mutate: (f: typeof file) => void) => {
      const copy = structuredClone(file);
      mutate(copy);
      const parsed = storeFileSchema.safeParse(copy);
      if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      return checkReferences(parsed.data).map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(
      paths((f) => {
        f.settings.taxMode = "sometimes";
      }),
    ).toEqual([expect.stringMatching(/^settings\.taxMode: /)]);
    expect(
      paths((f) => {
        f.products[0].tax_rate = 5.125;
      }),
    ).toEqual(["products.0.tax_rate: must have at most 2 decimal places"]);
    expect(
      paths((f) => {
        f.products[0].tax_rate = 150;
      }),
    ).toEqual([expect.stringMatching(/^products\.0\.tax_rate: /)]);
    expect(
      paths((f) => {
        f.coupons[0].value = 120;
      }),
    ).toEqual([expect.stringMatching(/^coupons\.0\.value: a percent must be from 0 to 100/)]);
    expect(
      paths((f) => {
        f.coupons[1].code = "BAD CODE!";
      }),
    ).toEqual([expect.stringMatching(/^coupons\.1\.code: must be 1 to 40/)]);
    expect(
      paths((f) => {
        f.coupons[1].code = "feast20";
      }),
    ).toEqual(["coupons.1: coupon code FEAST20 is used twice"]);
    expect(
      paths((f) => {
        f.automatic_discounts[0].id = 1;
      }),
    ).toEqual(["automatic_discounts.0.id: discount id 1 is already used by coupons[0]"]);
    expect(
      paths((f) => {
        f.automatic_discounts[0].category_ids = [99];
      }),
    ).toEqual(["automatic_discounts.0.category_ids.0: no category has id 99"]);
    expect(
      paths((f) => {
        f.coupons[0].ends_at = "2020-01-01T00:00:00Z";
        f.coupons[0].starts_at = "2021-01-01T00:00:00Z";
      }),
    ).toEqual(["coupons.0.ends_at: must not be before starts_at"]);
    expect(
      paths((f) => {
        f.branches[0].delivery.slabs[2].up_to_km = 5;
      }),
    ).toEqual(["branches.0.delivery.slabs.2.up_to_km: must be more than the slab before it"]);
    expect(
      paths((f) => {
        f.branches[0].delivery.slabs = [];
      }),
    ).toEqual(["branches.0.delivery.slabs: slab delivery needs at least one slab"]);
    expect(
      paths((f) => {
        f.fees[0].type = "percent";
        f.fees[0].value = 250;
      }),
    ).toEqual([expect.stringMatching(/^fees\.0\.value: a percent must be from 0 to 100/)]);
    expect(
      paths((f) => {
        f.fees[0].min_subtotal = 100;
        f.fees[0].max_subtotal = 50;
      }),
    ).toEqual(["fees.0.max_subtotal: must not be below min_subtotal"]);
  });
});
