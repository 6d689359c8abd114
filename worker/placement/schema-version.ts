/**
 * The newest store-database migration this Worker's code expects (tests/unit/schema-version.test.ts keeps it equal to
 * the newest file in migrations/). A store whose database has not had it yet is answered 503, never half-served by
 * queries that name columns the database does not have.
 */
export const STORE_SCHEMA_VERSION = "0037_checkout_links.sql";

/** A database behind this Worker's code. */
export class SchemaBehindError extends Error {
  constructor(readonly database: string) {
    super(`This store's database (${database}) is being upgraded. Please try again in a minute.`);
  }
}

const current = new Set<string>();
const behindUntil = new Map<string, number>();
/** How long an isolate believes a database is behind before asking again. */
const RECHECK_MS = 10_000;

/**
 * Checks, once per isolate per database, that the database has this code's migrations. A database found behind is
 * asked again after RECHECK_MS, so the stores come back on their own once the migrations are applied.
 */
export async function ensureSchema(name: string, db: D1Database): Promise<void> {
  if (current.has(name)) return;
  if ((behindUntil.get(name) ?? 0) > Date.now()) throw new SchemaBehindError(name);
  const row = await db
    .prepare("SELECT 1 AS applied FROM d1_migrations WHERE name = ?1")
    .bind(STORE_SCHEMA_VERSION)
    .first<{ applied: number }>()
    .catch(() => null);
  if (row) {
    current.add(name);
    return;
  }
  behindUntil.set(name, Date.now() + RECHECK_MS);
  console.error(`store database ${name} lacks migration ${STORE_SCHEMA_VERSION}: its stores answer 503`);
  throw new SchemaBehindError(name);
}
