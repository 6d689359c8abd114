import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import newStore from "../../stores/new.json";
import { planImport } from "../../worker/store-import/import-plan";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";
import yellow from "../fixtures/yellow-store.json";
import { request } from "./request";

async function countRows(): Promise<Record<string, number>> {
  const tables = ["tenants", "tenant_hosts", "site_settings", "products", "product_combinations", "layout_elements"];
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`)));
  return Object.fromEntries(tables.map((t, i) => [t, (results[i]?.results[0] as { n: number } | undefined)?.n ?? 0]));
}

async function importError(input: unknown): Promise<string> {
  try {
    await importStore(env, input);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreImportError);
    return (error as Error).message;
  }
  throw new Error("the import was accepted");
}

describe("store import", () => {
  it("refuses a bad file, naming the field, and writes nothing", async () => {
    const before = await countRows();
    const badPrice = structuredClone(food);
    (badPrice.products[2] as { selling_price: unknown }).selling_price = "cheap";
    expect(await importError(badPrice)).toMatch(/products\[2\]\.selling_price/);

    const tooPrecise = structuredClone(food);
    (tooPrecise.products[0] as { selling_price: number }).selling_price = 10.005;
    expect(await importError(tooPrecise)).toMatch(/products\[0\]\.selling_price: 10\.005 has more than 2 decimal places/);

    const badReference = structuredClone(food);
    (badReference.products[1] as { category_id: number }).category_id = 999_999;
    expect(await importError(badReference)).toMatch(/products\[1\]\.category_id: no category has id 999999/);

    const badBlock = structuredClone(food);
    (badBlock.layout[1] as { code: string }).code = "confetti_cannon";
    expect(await importError(badBlock)).toMatch(/layout\[1\]\.code: unknown block kind/);

    expect(await importError({ slug: "x" })).toMatch(/hostnames/);
    expect(await countRows()).toEqual(before);
  });

  it("accepts colours nobody can read on, warning with the setting and the ratio, and the pages adjust them", async () => {
    const summary = await importStore(env, yellow);
    expect(summary.warnings).toEqual([
      expect.stringMatching(
        /^settings\.storeTextOnBgColor: #ffffff reaches 1\.07:1 as text on storeBgColor #ffff00 \(WCAG AA needs 4\.5:1\); the store shows #111827/,
      ),
      expect.stringMatching(/^settings\.storeBgColor: #ffff00 reaches 1\.\d\d:1 as link and price text/),
    ]);
    const html = await (await request("yellow.localhost", "/")).text();
    expect(html).toMatch(/--brand:#ffff00;--brand-on:#111827;--brand-text:#[0-9a-f]{6}/);
    expect((await importStore(env, newStore)).warnings).toEqual([]);
  });

  it("refuses a hostname that belongs to another store", async () => {
    const before = await countRows();
    const thief = { ...structuredClone(food), slug: "thief", hostnames: ["thief.localhost", "retail.localhost"] };
    expect(await importError(thief)).toMatch(/hostnames\[1\]: retail.localhost already belongs to the store "retail"/);
    expect(await countRows()).toEqual(before);
  });

  it("replaces a store whole: products removed from the file are gone, hostnames move", async () => {
    const smaller = {
      ...structuredClone(food),
      products: food.products.slice(0, 3),
      reviews: food.reviews.filter((r) => r.product_id <= 3),
      hostnames: ["food.localhost", "food2.localhost"],
    };
    smaller.layout = smaller.layout.filter((e) => !["products_display", "product_horizontal_strip", "static_banner"].includes(e.code));
    smaller.banners = smaller.banners.filter((b) => b.link_type !== "PRODUCT" || smaller.products.some((p) => p.id === b.data.product_id));
    smaller.layout = smaller.layout.filter(
      (e) => !("banner_ids" in e.data) || (e.data.banner_ids as number[]).every((id) => smaller.banners.some((b) => b.id === id)),
    );
    const summary = await importStore(env, smaller);
    expect(summary.products).toBe(3);
    const listing = (await (await request("food2.localhost", "/api/get-products")).json()) as { total: number };
    expect(listing.total).toBe(3);
    // The search index follows the products table: removed products are no longer found.
    const search = (await (await request("food2.localhost", "/api/search-products?q=pizza")).json()) as { total: number };
    expect(search.total).toBe(0);
    expect((await request("localhost", "/api/get-data")).status).toBe(404);
    await importStore(env, food);
    expect((await request("food2.localhost", "/api/get-data")).status).toBe(404);
    expect((await request("localhost", "/api/get-data")).status).toBe(200);
  });

  it("imports a catalogue that needs several JSON chunks, and a failing batch leaves the old store whole", async () => {
    const plain = food.products.map((p) => ({
      ...p,
      description: `${p.description} ${"Slow-cooked, hand-finished, served hot. ".repeat(12)}`,
      attributes: [],
      combinations: [],
      multi_selectable_attributes: [],
    }));
    const big = {
      ...structuredClone(food),
      slug: "big",
      hostnames: ["big.localhost"],
      products: Array.from({ length: 3000 }, (_, i) => ({ ...plain[i % plain.length]!, id: i + 1, slug: `big-${i + 1}` })),
      reviews: [],
      layout: food.layout.filter((e) => e.code === "top_nav"),
    };
    // ~3,000 products of ~700 bytes: two or three MAX_CHUNK_BYTES chunks of products.
    const chunks = planImport(storeFileSchema.parse(big), 1).statements.filter((s) => s.sql.startsWith("INSERT INTO products ("));
    expect(chunks.length).toBeGreaterThan(1);
    const summary = await importStore(env, big);
    const count = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE tenant_id = ?1").bind(summary.tenantId).first<{ n: number }>();
    expect((await count())?.n).toBe(3000);
    const listing = (await (await request("big.localhost", "/api/get-products?page=250&per_page=12")).json()) as {
      total: number;
      data: { id: number; slug: string }[];
    };
    expect(listing.total).toBe(3000);
    expect(listing.data.map((p) => p.slug)).toContain("big-3000");

    // The same import again, with a statement that fails at the end of the batch: nothing of it may stay.
    const failing = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch") {
          return (statements: D1PreparedStatement[]) =>
            target.batch([...statements, target.prepare("INSERT INTO no_such_table VALUES (1)")]);
        }
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const fewer = { ...big, products: big.products.slice(0, 100) };
    await expect(importStore(env, fewer, { storeDb: failing })).rejects.toThrow(/no_such_table/);
    expect((await count())?.n).toBe(3000);
  });
});

describe("pricing settings", () => {
  const tenant = async (slug: string) =>
    (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())!.id;

  it("imports the demo stores' tax, discounts, delivery and fees, and a re-import replaces them", async () => {
    const foodId = await tenant("food");
    const retailId = await tenant("retail");
    const count = async (table: string, id: number) =>
      (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?1`).bind(id).first<{ n: number }>())!.n;
    expect(await count("discount_rules", foodId)).toBe(3);
    expect(await count("branch_delivery", foodId)).toBe(3);
    expect(await count("delivery_slabs", foodId)).toBe(9);
    expect(await count("additional_fees", foodId)).toBe(1);
    expect(await count("discount_rules", retailId)).toBe(0);
    expect(await count("branch_delivery", retailId)).toBe(3);
    expect(await count("delivery_slabs", retailId)).toBe(0);

    const settings = await env.DB.prepare("SELECT tenant_id, value FROM site_settings WHERE key = 'taxMode' ORDER BY tenant_id").all();
    expect(settings.results).toEqual(
      expect.arrayContaining([
        { tenant_id: foodId, value: "inclusive" },
        { tenant_id: retailId, value: "exclusive" },
      ]),
    );
    const rates = await env.DB.prepare(
      "SELECT tenant_id, MIN(tax_rate_bp) AS lo, MAX(tax_rate_bp) AS hi FROM products GROUP BY tenant_id",
    ).all();
    expect(rates.results).toEqual(
      expect.arrayContaining([
        { tenant_id: foodId, lo: 500, hi: 500 },
        { tenant_id: retailId, lo: 1900, hi: 1900 },
      ]),
    );
    const coupon = await env.DB.prepare("SELECT * FROM discount_rules WHERE tenant_id = ?1 AND code = 'feast20'").bind(foodId).first();
    expect(coupon).toMatchObject({ id: 1, code: "FEAST20", kind: "percent", value: 2000, max_discount: 10000, min_subtotal: 30000 });
    const retailDelivery = await env.DB.prepare("SELECT * FROM branch_delivery WHERE tenant_id = ?1 ORDER BY branch_id")
      .bind(retailId)
      .all();
    expect(retailDelivery.results[0]).toMatchObject({ mode: "flat", base_charge: 495, free_above: null, pickup_available: 1 });

    // Re-import without any pricing settings: the old rows are gone, products are untaxed.
    const plain = structuredClone(food) as Record<string, unknown>;
    for (const key of ["coupons", "automatic_discounts", "fees"]) delete plain[key];
    plain.branches = food.branches.map(({ delivery: _, ...branch }) => branch);
    plain.products = food.products.map(({ tax_rate: _, ...product }) => product);
    await importStore(env, plain);
    for (const table of ["discount_rules", "branch_delivery", "delivery_slabs", "additional_fees"])
      expect(await count(table, foodId)).toBe(0);
    const untaxed = await env.DB.prepare("SELECT MAX(tax_rate_bp) AS hi FROM products WHERE tenant_id = ?1").bind(foodId).first();
    expect(untaxed).toEqual({ hi: 0 });
    await importStore(env, food);
    expect(await count("discount_rules", foodId)).toBe(3);
  });

  it("refuses bad pricing settings naming the field, and writes nothing", async () => {
    const foodId = await tenant("food");
    const snapshot = async () =>
      (
        await env.DB.batch(
          ["discount_rules", "branch_delivery", "delivery_slabs", "additional_fees"].map((t) =>
            env.DB.prepare(`SELECT * FROM ${t} WHERE tenant_id = ?1 ORDER BY 1, 2, 3`).bind(foodId),
          ),
        )
      ).map((r) => r.results);
    const before = await snapshot();

    const badCoupon = structuredClone(food);
    badCoupon.coupons[0]!.value = 120;
    expect(await importError(badCoupon)).toMatch(/coupons\[0\]\.value: a percent must be from 0 to 100/);

    const badMoney = structuredClone(food);
    badMoney.branches[1]!.delivery.free_above = 499.999;
    expect(await importError(badMoney)).toMatch(/branches\[1\]\.delivery\.free_above: 499\.999 has more than 2 decimal places/);

    const badSlabs = structuredClone(food);
    badSlabs.branches[0]!.delivery.slabs[1]!.up_to_km = 2;
    expect(await importError(badSlabs)).toMatch(/branches\[0\]\.delivery\.slabs\[1\]\.up_to_km: must be more than the slab before it/);

    const badAreas = structuredClone(food) as unknown as { branches: Record<string, unknown>[] };
    badAreas.branches[0]!.time_zone = "Mars/Olympus";
    badAreas.branches[1]!.delivery_area = {
      polygon: [
        [12.9, 77.6],
        [12.95, 77.65],
      ],
    };
    badAreas.branches[2]!.opening_hours = { mon: [["11:00", "25:00"]], someday: [] };
    const areaIssues = await importError(badAreas);
    expect(areaIssues).toMatch(/branches\[0\]\.time_zone: must be an IANA time zone such as Asia\/Kolkata/);
    expect(areaIssues).toMatch(/branches\[1\]\.delivery_area\.polygon/);
    expect(areaIssues).toMatch(/branches\[2\]\.opening_hours\.mon\[0\]\[1\]: must be a time like 09:30/);
    const nowhere = structuredClone(food) as unknown as { branches: Record<string, unknown>[] };
    nowhere.branches[2] = { ...nowhere.branches[2], latitude: null, longitude: null, delivery_area: { radius_km: 3 } };
    expect(await importError(nowhere)).toMatch(/branches\[2\]\.delivery_area\.radius_km: needs the branch's latitude and longitude/);

    const badScope = structuredClone(food);
    badScope.automatic_discounts[0]!.category_ids = [42];
    expect(await importError(badScope)).toMatch(/automatic_discounts\[0\]\.category_ids\[0\]: no category has id 42/);

    const badTax = structuredClone(food) as { settings: Record<string, string>; products: { tax_rate: unknown }[] };
    badTax.settings.taxMode = "included";
    badTax.products[3]!.tax_rate = "5%";
    const message = await importError(badTax);
    expect(message).toMatch(/settings\.taxMode: /);
    expect(message).toMatch(/products\[3\]\.tax_rate: /);

    const badFee = structuredClone(food) as { fees: Record<string, unknown>[] };
    badFee.fees[0]!.fulfillment = "drone";
    expect(await importError(badFee)).toMatch(/fees\[0\]\.fulfillment: /);

    expect(await snapshot()).toEqual(before);
  });
});
