export interface PageLink {
  id: number;
  slug: string;
  title: string;
}

export interface ContentPage extends PageLink {
  /** Sanitised when the store was imported. */
  content: string;
}

export async function listPages(db: D1Database, tenantId: number): Promise<PageLink[]> {
  const { results } = await db
    .prepare("SELECT id, slug, title FROM pages WHERE tenant_id = ?1 ORDER BY position")
    .bind(tenantId)
    .all<PageLink>();
  return results;
}

export async function findPage(db: D1Database, tenantId: number, slug: string): Promise<ContentPage | null> {
  return db
    .prepare("SELECT id, slug, title, content_html AS content FROM pages WHERE tenant_id = ?1 AND slug = ?2")
    .bind(tenantId, slug)
    .first<ContentPage>();
}
