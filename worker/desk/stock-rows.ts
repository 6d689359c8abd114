/** Products a stock page lists at a time. */
export const STOCK_PAGE_SIZE = 20;

/** A product as the stock page lists it: what is left of it at the branch, or null where the branch does not count it. */
export interface StockRow {
  id: number;
  name: string;
  quantity: number | null;
}

/**
 * A page of the store's products in listing order, whose names contain `query` (empty: all), each with its figure at
 * the branch (decision 053), and whether a page follows.
 */
export async function stockRows(
  db: D1Database,
  tenantId: number,
  branchId: number,
  query: string,
  page: number,
): Promise<{ rows: StockRow[]; more: boolean }> {
  // One more than a page is asked for: its presence says a next page exists.
  const { results: found } = await db
    .prepare(
      `SELECT p.id, p.name, s.quantity FROM products p
       LEFT JOIN branch_stock s ON s.tenant_id = p.tenant_id AND s.product_id = p.id AND s.branch_id = ?2
       WHERE p.tenant_id = ?1 AND instr(lower(p.name), lower(?3)) > 0
       ORDER BY p.position, p.id LIMIT ?4 OFFSET ?5`,
    )
    .bind(tenantId, branchId, query, STOCK_PAGE_SIZE + 1, (page - 1) * STOCK_PAGE_SIZE)
    .all<StockRow>();
  return { rows: found.slice(0, STOCK_PAGE_SIZE), more: found.length > STOCK_PAGE_SIZE };
}
