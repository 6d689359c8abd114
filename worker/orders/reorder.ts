import type { Selection } from "../../commerce/product-options";
import { addItem, CartError, type CartScope } from "../cart/cart-store";
import { namedBatch, step } from "../db/batch";

/**
 * Puts an order's lines back in the customer's current cart: the same product, options and quantity, through the
 * cart's own `addItem`, so every rule of the cart holds (today's price, options still sold, the quantity and line
 * limits). A line the cart refuses (no longer sold, options gone, a limit reached) is skipped and counted, not fatal.
 */

export interface Reordered {
  added: number;
  skipped: number;
}

interface ReorderLine {
  product_id: number;
  quantity: number;
  selection_json: string;
}

/** The order's lines, read through the order's own row so they carry its store and owner scope; null: no such order. */
async function orderLines(db: D1Database, tenantId: number, publicId: string, owner: string): Promise<ReorderLine[] | null> {
  const ran = await namedBatch(db, {
    order: step<{ id: number }>(
      db.prepare("SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2 AND owner = ?3").bind(tenantId, publicId, owner),
    ),
    lines: step<ReorderLine>(
      db
        .prepare(
          `SELECT product_id, quantity, selection_json FROM order_lines
           WHERE tenant_id = ?1 AND order_id = (SELECT id FROM orders WHERE tenant_id = ?1 AND public_id = ?2 AND owner = ?3)
           ORDER BY id`,
        )
        .bind(tenantId, publicId, owner),
    ),
  });
  if (ran.order.results.length === 0) return null;
  return ran.lines.results;
}

/** Adds the order's lines to the cart of `scope` (whose owner must be the order's); null when there is no such order. */
export async function reorder(db: D1Database, scope: CartScope, publicId: string): Promise<Reordered | null> {
  const lines = await orderLines(db, scope.tenantId, publicId, scope.owner);
  if (lines === null) return null;
  const result: Reordered = { added: 0, skipped: 0 };
  // One line at a time: each add is its own checked batch, and a refused one must not undo the others.
  for (const line of lines) {
    try {
      await addItem(db, scope, {
        product_id: line.product_id,
        quantity: line.quantity,
        selection: JSON.parse(line.selection_json) as Selection,
      });
      result.added++;
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      result.skipped++;
    }
  }
  return result;
}
