import { rowsOf } from "../db/sql";

/**
 * Failed password sign-ins, counted in D1 per account and per client in fixed windows (exact counts, unlike the
 * rate limiter binding). Past a limit the sign-in is refused before the password is checked, until the window ends:
 * guessing is slowed to a crawl, and an account is never locked for longer than one window.
 */
export const FAILURE_WINDOW_SECONDS = 15 * 60;
const WINDOW_MS = FAILURE_WINDOW_SECONDS * 1000;
export const MAX_FAILURES = { account: 10, client: 50 } as const;

export type FailureKey = { kind: keyof typeof MAX_FAILURES; value: string };

const keyText = (key: FailureKey) => `${key.kind}:${key.value}`;

/** Whether any of the keys has reached its limit in its current window. */
export async function tooManyFailures(db: D1Database, tenantId: number, keys: FailureKey[]): Promise<boolean> {
  const since = Date.now() - WINDOW_MS;
  const rows = await db.batch(
    keys.map((key) =>
      db
        .prepare("SELECT failures FROM auth_failures WHERE tenant_id = ?1 AND key = ?2 AND window_start > ?3")
        .bind(tenantId, keyText(key), since),
    ),
  );
  return rows.some((result, i) => (rowsOf<{ failures: number }>(result)[0]?.failures ?? 0) >= MAX_FAILURES[keys[i]!.kind]);
}

/** Counts one failure against each key (a window that has ended starts again at one). */
export async function recordFailure(db: D1Database, tenantId: number, keys: FailureKey[]): Promise<void> {
  const now = Date.now();
  await db.batch(
    keys.map((key) =>
      db
        .prepare(
          `INSERT INTO auth_failures (tenant_id, key, window_start, failures) VALUES (?1, ?2, ?3, 1)
           ON CONFLICT (tenant_id, key) DO UPDATE SET
             failures = CASE WHEN window_start > ?3 - ?4 THEN failures + 1 ELSE 1 END,
             window_start = CASE WHEN window_start > ?3 - ?4 THEN window_start ELSE ?3 END`,
        )
        .bind(tenantId, keyText(key), now, WINDOW_MS),
    ),
  );
}
