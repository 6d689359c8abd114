import type { StoreSettings } from "../../commerce/store-settings";
import { MAX_WISHLIST, type WishlistChange, type WishlistOutcome, wishlistOutcome } from "../../commerce/wishlist";
import { type Page, type Paging, toPage } from "../catalog/list-products";
import { type ProductCard, type ProductCardRow, productCardColumns, toProductCard } from "../catalog/product-card";
import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";

/**
 * A customer's wishlist (migrations/0017_wishlists.sql). Every statement names the store and the customer, so another
 * customer's or another store's rows are never read or changed. A change is one batch (one transaction) whose rules
 * are in SQL: the primary key keeps one row per product however many calls race, and the insert itself checks that
 * the product is in this store and that the list is not full.
 */

/** A product on the list: its card as the catalogue answers it, or what was kept of it once the store removed it. */
export type WishlistItem =
  | (ProductCard & { available: true; wishlisted_at: string })
  | { id: number; name: string; image: string | null; available: false; wishlisted_at: string };

const MINE = "tenant_id = ?1 AND customer_id = ?2";

/**
 * Adds, removes or toggles one product. A toggle is a delete followed by an insert that runs only when the delete
 * removed nothing (`changes()` is the previous statement's count), so it never reads, decides, then writes.
 */
export async function changeWishlist(
  db: D1Database,
  tenantId: number,
  customerId: number,
  productId: number,
  change: WishlistChange,
  now = Date.now(),
): Promise<WishlistOutcome> {
  const ran = await namedBatch(db, {
    deleted: step(
      db
        .prepare(`DELETE FROM wishlist_items WHERE ${MINE} AND product_id = ?3 AND ?4 <> 'add'`)
        .bind(tenantId, customerId, productId, change),
    ),
    added: step(
      db
        .prepare(
          `INSERT INTO wishlist_items (tenant_id, customer_id, product_id, name, image, created_at)
           SELECT ?1, ?2, p.id, p.name, json_extract(p.images_json, '$[0]'), ?5 FROM products p
           WHERE p.tenant_id = ?1 AND p.id = ?3 AND ?4 <> 'remove' AND changes() = 0
             AND (SELECT COUNT(*) FROM wishlist_items WHERE ${MINE}) < ${MAX_WISHLIST}
           ON CONFLICT DO NOTHING`,
        )
        .bind(tenantId, customerId, productId, change, now),
    ),
    facts: step<{ wishlisted: number; product_found: number; count: number }>(
      db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM wishlist_items WHERE ${MINE} AND product_id = ?3) AS wishlisted,
             EXISTS (SELECT 1 FROM products WHERE tenant_id = ?1 AND id = ?3) AS product_found,
             (SELECT COUNT(*) FROM wishlist_items WHERE ${MINE}) AS count`,
        )
        .bind(tenantId, customerId, productId),
    ),
  });
  const row = ran.facts.results[0];
  return wishlistOutcome(change, {
    removed: ran.deleted.meta.changes > 0,
    wishlisted: row?.wishlisted === 1,
    productFound: row?.product_found === 1,
    count: row?.count ?? 0,
  });
}

/** The ids of every product on the customer's list (at most MAX_WISHLIST), read from the primary key alone. */
export async function wishlistedIds(db: D1Database, tenantId: number, customerId: number): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT product_id FROM wishlist_items WHERE ${MINE} ORDER BY product_id`)
    .bind(tenantId, customerId)
    .all<{ product_id: number }>();
  return results.map((r) => r.product_id);
}

type ItemRow = ProductCardRow & { product_id: number; saved_name: string; saved_image: string | null; created_at: number; found: number };

/**
 * One page of the list, newest first (index wishlist_items_newest). A product is available while it is in the store's
 * catalogue; one that is not is listed by the name and picture kept when it was added.
 */
export async function listWishlist(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  customerId: number,
  paging: Paging,
): Promise<Page<WishlistItem>> {
  const ran = await namedBatch(db, {
    items: step<ItemRow>(
      db
        .prepare(
          `SELECT w.product_id, w.name AS saved_name, w.image AS saved_image, w.created_at, p.id IS NOT NULL AS found,
             ${productCardColumns(null)}
           FROM wishlist_items w LEFT JOIN products p ON p.tenant_id = w.tenant_id AND p.id = w.product_id
           WHERE w.tenant_id = ?1 AND w.customer_id = ?2
           ORDER BY w.created_at DESC, w.product_id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(tenant.id, customerId, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
    total: step<{ total: number }>(db.prepare(`SELECT COUNT(*) AS total FROM wishlist_items WHERE ${MINE}`).bind(tenant.id, customerId)),
  });
  const total = totalOf(ran.total);
  const rows = ran.items.results;
  return toPage(
    rows.map((row) => toItem(row, tenant.settings)),
    total,
    paging,
  );
}

function toItem(row: ItemRow, settings: StoreSettings): WishlistItem {
  const wishlisted_at = new Date(row.created_at).toISOString();
  if (row.found !== 1) return { id: row.product_id, name: row.saved_name, image: row.saved_image, available: false, wishlisted_at };
  return { ...toProductCard(row, settings), available: true, wishlisted_at };
}
