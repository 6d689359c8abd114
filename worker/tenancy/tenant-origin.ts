/** A hostname of this machine, where the dev server has no https. */
export function isLocal(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1";
}

/**
 * The store's address as a request reached it (its hostname is the one the store was found by, so it is always one of
 * the store's own), for the links messages and answers carry. https, except on this machine, where the dev server has none.
 */
export function storeSite(requestUrl: string): { host: string; origin: string } {
  const url = new URL(requestUrl);
  const local = isLocal(url.hostname);
  return { host: url.host, origin: local ? url.origin : `https://${url.host}` };
}

/** `npm start`'s port (wrangler.toml [dev]): the only place a store on this machine can be reached without a request. */
const LOCAL_PORT = 8787;

/**
 * The address of a store for a message sent with no request to take it from (the payment cron): the store's first
 * hostname, as the import file lists it.
 */
export async function tenantOrigin(db: D1Database, tenantId: number): Promise<string> {
  const row = await db
    .prepare("SELECT hostname FROM tenant_hosts WHERE tenant_id = ?1 ORDER BY rowid LIMIT 1")
    .bind(tenantId)
    .first<{ hostname: string }>();
  const hostname = row?.hostname ?? "localhost";
  return isLocal(hostname) ? `http://${hostname}:${LOCAL_PORT}` : `https://${hostname}`;
}
