import { type StockLevel, stockLevel } from "../../commerce/stock";
import type { StoreSettings } from "../../commerce/store-settings";
import { step } from "../db/batch";
import { placeholders } from "../db/sql";

/**
 * Stock per product and branch (migrations/0027_branch_stock.sql, decision 053): the SQL every reader shares, so
 * "in stock at this branch" means one thing on cards, product pages, the cart and in search filters.
 */

/** SQL yielding the units of the product row `alias` left at the branch bound at `branchParam`; NULL when untracked. */
export function stockLeftAt(branchParam: string, alias = "p"): string {
  return `(SELECT s.quantity FROM branch_stock s
    WHERE s.tenant_id = ${alias}.tenant_id AND s.product_id = ${alias}.id AND s.branch_id = ${branchParam})`;
}

/**
 * SQL that is true while the product row `alias` can be bought at the branch bound at `branchParam` as far as stock
 * goes: untracked there, or some left. For listing filters ("in stock only"); pair it with `soldAtBranch`.
 */
export function inStockAtBranch(branchParam: string, alias = "p"): string {
  return `NOT EXISTS (SELECT 1 FROM branch_stock s
    WHERE s.tenant_id = ${alias}.tenant_id AND s.product_id = ${alias}.id AND s.branch_id = ${branchParam} AND s.quantity = 0)`;
}

/** The columns a row needs for `levelOf`, from the product row `alias` at the branch bound at `branchParam`. */
export function stockColumns(branchParam: string, alias = "p"): string {
  return `${stockLeftAt(branchParam, alias)} AS stock_left`;
}

export interface StockColumns {
  stock_left: number | null;
}

/** The level a row read with `stockColumns` shows at the store's threshold (null: untracked). */
export function levelOf(row: StockColumns, settings: Pick<StoreSettings, "lowStockThreshold">): StockLevel | null {
  return stockLevel(row.stock_left, settings.lowStockThreshold);
}

/** One product's stock at a branch, as one statement for a caller's batch; read it with `stockFrom`. */
export function stockStep(db: D1Database, tenantId: number, branchId: number, productId: number) {
  const at = placeholders("tenant", "product", "branch");
  return step<StockColumns>(
    db
      .prepare(`SELECT ${stockColumns(at.branch)} FROM products p WHERE p.tenant_id = ${at.tenant} AND p.id = ${at.product}`)
      .bind(tenantId, productId, branchId),
  );
}

/** The answer of `stockStep` (an unknown product: untracked). */
export function stockFrom(result: D1Result<StockColumns>): StockColumns {
  return result.results[0] ?? { stock_left: null };
}
