import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";

/** Product addresses per sitemap file; the protocol allows 50,000, fewer keeps each answer quick. */
export const SITEMAP_PRODUCTS_PER_FILE = 10_000;

export interface SitemapIndex {
  categories: string[];
  pages: string[];
  product_files: number;
}

/** What the sitemap index lists: category and page slugs, and how many product files follow. */
export async function loadSitemapIndex(db: D1Database, tenantId: number): Promise<SitemapIndex> {
  const ran = await namedBatch(db, {
    categories: step<{ slug: string }>(db.prepare("SELECT slug FROM categories WHERE tenant_id = ?1 ORDER BY position").bind(tenantId)),
    pages: step<{ slug: string }>(db.prepare("SELECT slug FROM pages WHERE tenant_id = ?1 ORDER BY position").bind(tenantId)),
    total: step<{ total: number }>(db.prepare("SELECT COUNT(*) AS total FROM products WHERE tenant_id = ?1").bind(tenantId)),
  });
  const slugs = (result: D1Result<{ slug: string }>) => result.results.map((row) => row.slug);
  const total = totalOf(ran.total);
  return { categories: slugs(ran.categories), pages: slugs(ran.pages), product_files: Math.ceil(total / SITEMAP_PRODUCTS_PER_FILE) };
}

/** One file's product slugs, in listing order. */
export async function loadSitemapProducts(db: D1Database, tenantId: number, file: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT slug FROM products WHERE tenant_id = ?1 ORDER BY position, id LIMIT ?2 OFFSET ?3")
    .bind(tenantId, SITEMAP_PRODUCTS_PER_FILE, (file - 1) * SITEMAP_PRODUCTS_PER_FILE)
    .all<{ slug: string }>();
  return results.map((row) => row.slug);
}
