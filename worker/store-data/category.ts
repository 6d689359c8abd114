import type { Category } from "./store-data";

/** A category by slug or, when the parameter is a number no slug claims, by id. */
export async function findCategory(db: D1Database, tenantId: number, slugOrId: string): Promise<Category | null> {
  const id = /^\d{1,10}$/.test(slugOrId) ? Number(slugOrId) : -1;
  return db
    .prepare(
      `SELECT id, name, slug, primary_image, color FROM categories
       WHERE tenant_id = ?1 AND (slug = ?2 OR id = ?3) ORDER BY slug = ?2 DESC LIMIT 1`,
    )
    .bind(tenantId, slugOrId, id)
    .first<Category>();
}
