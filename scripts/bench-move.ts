/**
 * [MOVE_PRODUCTS=10000] [MOVE_ORDERS=10000] npm run bench:move
 *
 * Issue 37's move window (decision 061, docs/benchmark.md "Moving a store"): in throwaway local databases, a generated
 * store of MOVE_PRODUCTS products with MOVE_ORDERS delivered orders (each with two lines and three status rows, written
 * by SQL in the store database as placing them would leave them) is moved from DB to DB_2 and back by the same code
 * `npm run store:move` runs, and the report says how long its writes were refused (the freeze to the directory's
 * switch) and how many rows each move copied. Local D1 runs on one thread on this machine: production's copy pays a
 * round trip per page read and per batch written instead (modelled in docs/benchmark.md).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/env";
import { importStore } from "../worker/store-import/import-store";
import { moveStore } from "../worker/store-moves/move-store";
import { generateStore } from "./generate-store";

const PRODUCTS = Number(process.env.MOVE_PRODUCTS ?? 10_000);
const ORDERS = Number(process.env.MOVE_ORDERS ?? 10_000);
const DIR = ".wrangler/bench-move";

/** `count` orders of one customer, with their lines and history, in one statement each (a recursive counter). */
function ordersSql(storeId: number, count: number): string[] {
  const n = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const now = Date.now();
  return [
    `INSERT INTO customers (tenant_id, name, email, phone, password_hash, created_at, updated_at)
     VALUES (${storeId}, 'Bench Buyer', 'bench.buyer@example.com', '+919800000001', 'x', ${now}, ${now})`,
    `${n} INSERT INTO orders (tenant_id, branch_id, owner, public_id, seq, number, idempotency_key, request_hash, status,
       payment_method, payment_status, fulfillment, currency_code, bill_json, total, placed_at, updated_at, cancel_until)
     SELECT ${storeId}, (SELECT MIN(id) FROM branches WHERE tenant_id = ${storeId}),
       'customer:' || (SELECT id FROM customers WHERE tenant_id = ${storeId}), substr(printf('%022d', i), 1, 22), i,
       'B' || i, 'bench-' || i, 'h', 'delivered', 'cod', 'cod_collected', 'delivery', 'INR', '{}', 25000,
       ${now} - i * 1000, ${now}, ${now} FROM n`,
    `INSERT INTO order_lines (tenant_id, order_id, product_id, name, options_json, selection_json, quantity, unit_price,
       unit_original_price, line_subtotal, order_discount, tax, line_total)
     SELECT o.tenant_id, o.id, p.id, 'Bench line', '[]', '{}', 1, 12500, 12500, 12500, 0, 0, 12500
     FROM orders o JOIN (SELECT id FROM products WHERE tenant_id = ${storeId} ORDER BY id LIMIT 2) p
     WHERE o.tenant_id = ${storeId}`,
    `INSERT INTO order_status_history (tenant_id, order_id, status, payment_status, actor, at)
     SELECT o.tenant_id, o.id, s.status, 'cod_pending', 'store', o.placed_at
     FROM orders o JOIN (SELECT 'placed' AS status UNION ALL SELECT 'confirmed' UNION ALL SELECT 'delivered') s
     WHERE o.tenant_id = ${storeId}`,
  ];
}

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  execFileSync("node_modules/.bin/tsx", ["scripts/migrate.ts", "--persist-to", DIR], { stdio: "ignore" });
  const proxy = await getPlatformProxy<Env>({ persist: { path: join(DIR, "v3") } });
  try {
    const env = proxy.env;
    const file = generateStore({ products: PRODUCTS, slug: "move-bench", hostnames: ["move-bench.localhost"] });
    const { tenantId } = await importStore(env, file, { database: "DB" });
    for (const sql of ordersSql(tenantId, ORDERS)) await env.DB.prepare(sql).run();
    console.log(`Moving a store of ${PRODUCTS} products and ${ORDERS} orders (local D1, measured):`);
    for (const to of ["DB_2", "DB"]) {
      const report = await moveStore(env, "move-bench", to);
      const rows = Object.values(report.rows).reduce((sum, count) => sum + count, 0);
      console.log(
        `  ${report.from} → ${report.to}: ${rows} rows in ${Object.keys(report.rows).length} tables; writes refused ${report.refusedMs} ms over ${report.roundTrips} database calls; whole move ${report.totalMs} ms`,
      );
    }
  } finally {
    await proxy.dispose();
  }
}

await main();
