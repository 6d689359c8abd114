import { env } from "cloudflare:test";

// Stock per product and branch (decision 053) in the food store's demo data (stores/food.json): Gajar Halwa has 3 left
// at Indiranagar (branch 1, the main branch: only a few left) and 40 at Koramangala; Egg Biryani none at Indiranagar;
// Kadai Chicken 50 at every branch; the rest is not counted anywhere.
export const GAJAR = 32;
export const EGG = 9;
export const KADAI = 13;
export const PANEER = 1;
export const INDIRANAGAR = 1;
export const KORAMANGALA = 2;
export const JAYANAGAR = 3;

/** What the branch has left of the product as stored; null where it does not count it. */
export async function stockLeft(tenantId: number, productId: number, branchId = INDIRANAGAR): Promise<number | null> {
  const row = await env.DB.prepare("SELECT quantity FROM branch_stock WHERE tenant_id = ?1 AND product_id = ?2 AND branch_id = ?3")
    .bind(tenantId, productId, branchId)
    .first<{ quantity: number }>();
  return row?.quantity ?? null;
}
