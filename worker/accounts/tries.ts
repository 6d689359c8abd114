import { rowsOf } from "../db/sql";

/**
 * Tries counted in D1 per key in fixed windows (exact counts, unlike the rate limiter binding), reserved before the
 * work they limit: a try is counted first, in one statement per key that adds one and returns the count, and the work
 * is done only when every count is within its limit. Tries made at once each get their own number, so no burst gets
 * more than the limit through, however long the work (a password hash) takes. A try that turns out well may be given
 * back (`release`), so a customer's own sign-ins never use up their limit; one that fails stays counted. Past a limit
 * the answer is 429 until the window ends: guessing is slowed to a crawl and nothing is locked for longer than one
 * window.
 */
const MINUTE_MS = 60 * 1000;
export const TRY_LIMITS = {
  /** Password checks of one account (sign-in and change-password alike), keyed by the customer. */
  account: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Guesses (passwords, sign-in codes, referral codes) from one client. */
  client: { max: 50, windowMs: 15 * MINUTE_MS },
  /** Accounts created from one client. */
  registration: { max: 20, windowMs: 60 * MINUTE_MS },
  /** Codes and links asked for by one client, whatever their destinations. */
  "client-messages": { max: 10, windowMs: 60 * MINUTE_MS },
  /** Codes and links asked for in one store: a ceiling on what a crowd of clients can make it send. */
  "store-messages": { max: 500, windowMs: 60 * MINUTE_MS },
} as const;

export type TryKind = keyof typeof TRY_LIMITS;
export type TryKey = { kind: TryKind; value: string };

export type Reservation = { ok: true; release: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

export const tryKeyText = (key: TryKey) => `${key.kind}:${key.value}`;

/** Counts one try against every key (a window that has ended starts again at one); refused when any is past its limit. */
export async function reserveTry(db: D1Database, tenantId: number, keys: TryKey[]): Promise<Reservation> {
  const now = Date.now();
  const results = await db.batch(
    keys.map((key) =>
      db
        .prepare(
          `INSERT INTO auth_failures (tenant_id, key, window_start, failures) VALUES (?1, ?2, ?3, 1)
           ON CONFLICT (tenant_id, key) DO UPDATE SET
             failures = CASE WHEN window_start > ?3 - ?4 THEN failures + 1 ELSE 1 END,
             window_start = CASE WHEN window_start > ?3 - ?4 THEN window_start ELSE ?3 END
           RETURNING failures, window_start`,
        )
        .bind(tenantId, tryKeyText(key), now, TRY_LIMITS[key.kind].windowMs),
    ),
  );
  const counts = results.map((result) => rowsOf<{ failures: number; window_start: number }>(result)[0]!);
  let windowEnds = 0;
  keys.forEach((key, i) => {
    const { max, windowMs } = TRY_LIMITS[key.kind];
    if (counts[i]!.failures > max) windowEnds = Math.max(windowEnds, counts[i]!.window_start + windowMs);
  });
  if (windowEnds > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
  const release = async () => {
    await db.batch(
      keys.map((key, i) =>
        db
          .prepare(
            "UPDATE auth_failures SET failures = failures - 1 WHERE tenant_id = ?1 AND key = ?2 AND window_start = ?3 AND failures > 0",
          )
          .bind(tenantId, tryKeyText(key), counts[i]!.window_start),
      ),
    );
  };
  return { ok: true, release };
}
