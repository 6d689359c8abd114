import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkReferences } from "../../worker/store-import/check-references";
import { MAX_CHUNK_BYTES, planImport } from "../../worker/store-import/import-plan";
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
      expect((statement.sql.match(/\?/g) ?? []).length).toBe(statement.params.length);
    }
    const deletes = statements.filter((s) => s.sql.startsWith("DELETE"));
    expect(deletes.every((s) => s.params[0] === 7 && s.sql.includes("WHERE tenant_id = ?"))).toBe(true);
  });

  /** The rows an INSERT … FROM json_each(?) statement carries: its one parameter, a JSON array of row arrays. */
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
