import { type Message, message } from "../../commerce/i18n/message";
import { type StockLevel, stockLevel } from "../../commerce/stock";
import type { StoreActor } from "../../commerce/store-actor";
import { namedBatch, step } from "../db/batch";
import { requireScope } from "../http/require-scope";
import type { Store } from "../tenancy/tenant";

/** One figure the owner sets: units left of a product at a branch, or null to stop counting it there. */
export interface StockFigure {
  product_id: number;
  branch_id: number;
  quantity: number | null;
}

export type StockSetAnswer = { ok: true; items: (StockFigure & { stock: StockLevel | null })[] } | { ok: false; message: Message };

/**
 * Sets the store's stock figures (decision 053), all in one batch or none: a figure naming a product or branch the
 * store does not have refuses the whole call. A figure replaces what was left (a stocktake), so orders placed before it
 * are not taken from it again; a cancel after it still gives its units back. The products marker is bumped, since
 * levels may change; the caller drops the hostname caches holding the old version (`refreshStockMarkers`). `by`, the
 * owner API's key or a member at the desk, must be allowed to change the store (scope store), or nothing is read.
 */
export async function setStock(db: D1Database, store: Store, figures: StockFigure[], by: StoreActor): Promise<StockSetAnswer> {
  requireScope(by, "store");
  const tenantId = store.id;
  const productIds = [...new Set(figures.map((f) => f.product_id))];
  const branchIds = [...new Set(figures.map((f) => f.branch_id))];
  const found = await namedBatch(db, {
    products: step<{ id: number }>(
      db
        .prepare("SELECT id FROM products WHERE tenant_id = ?1 AND id IN (SELECT value FROM json_each(?2))")
        .bind(tenantId, JSON.stringify(productIds)),
    ),
    branches: step<{ id: number }>(
      db
        .prepare("SELECT id FROM branches WHERE tenant_id = ?1 AND id IN (SELECT value FROM json_each(?2))")
        .bind(tenantId, JSON.stringify(branchIds)),
    ),
  });
  const known = (result: D1Result<{ id: number }>) => new Set(result.results.map((r) => r.id));
  const missingProduct = productIds.find((id) => !known(found.products).has(id));
  if (missingProduct !== undefined) return { ok: false, message: message("errors.stock_no_product", { id: missingProduct }) };
  const missingBranch = branchIds.find((id) => !known(found.branches).has(id));
  if (missingBranch !== undefined) return { ok: false, message: message("errors.stock_no_branch", { id: missingBranch }) };

  await namedBatch(db, {
    figures: figures.map((f) =>
      step(
        f.quantity === null
          ? db
              .prepare("DELETE FROM branch_stock WHERE tenant_id = ?1 AND product_id = ?2 AND branch_id = ?3")
              .bind(tenantId, f.product_id, f.branch_id)
          : db
              .prepare(
                `INSERT INTO branch_stock (tenant_id, product_id, branch_id, quantity) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (tenant_id, product_id, branch_id) DO UPDATE SET quantity = excluded.quantity`,
              )
              .bind(tenantId, f.product_id, f.branch_id, f.quantity),
      ),
    ),
    marker: step(db.prepare("UPDATE cache_markers SET version = version + 1 WHERE tenant_id = ?1 AND name = 'products'").bind(tenantId)),
  });
  return { ok: true, items: figures.map((f) => ({ ...f, stock: stockLevel(f.quantity, store.settings.lowStockThreshold) })) };
}
