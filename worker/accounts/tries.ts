import { type NamedSteps, namedBatch, type Ran, type Step, step } from "../db/batch";

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

export const tryKeyText = (key: TryKey) => `${key.kind}:${key.value}`;

/**
 * The try key of the account an email or phone names, found inside the counting statement: `customer:<id>` for an
 * account of this store, else `unknown:<what was typed>`, so an account's email and phone share one limit and the
 * lookup costs no round trip of its own.
 */
export interface AccountTryKey {
  kind: "account";
  login: { column: "email" | "phone"; value: string };
}

export type Reservation =
  | { ok: true; release: () => Promise<void>; releaseSteps: () => Step<never>[] }
  | { ok: false; retryAfterSeconds: number };

const COUNT_TRY = (keySql: string) => `INSERT INTO auth_failures (tenant_id, key, window_start, failures) VALUES (?1, ${keySql}, ?2, 1)
           ON CONFLICT (tenant_id, key) DO UPDATE SET
             failures = CASE WHEN window_start > ?2 - ?3 THEN failures + 1 ELSE 1 END,
             window_start = CASE WHEN window_start > ?2 - ?3 THEN window_start ELSE ?2 END
           RETURNING key, failures, window_start`;

interface TryCountRow {
  key: string;
  failures: number;
  window_start: number;
}

function countStep(db: D1Database, tenantId: number, key: TryKey | AccountTryKey, now: number) {
  const windowMs = TRY_LIMITS[key.kind].windowMs;
  if (!("login" in key)) return step<TryCountRow>(db.prepare(COUNT_TRY("?4")).bind(tenantId, now, windowMs, tryKeyText(key)));
  // The column is one of two names, never input.
  const customer = `SELECT id FROM customers WHERE tenant_id = ?1 AND ${key.login.column} = ?4`;
  const keySql = `'account:' || coalesce('customer:' || (${customer}), 'unknown:' || ?4)`;
  return step<TryCountRow>(db.prepare(COUNT_TRY(keySql)).bind(tenantId, now, windowMs, key.login.value));
}

/**
 * Counts one try against every key (a window that has ended starts again at one); refused when any is past its limit.
 * `along` (reads the work needs) run in the same batch, after the counts; their results are answered under their names.
 */
export async function reserveTry<A extends NamedSteps>(
  db: D1Database,
  tenantId: number,
  keys: (TryKey | AccountTryKey)[],
  along: A,
): Promise<Reservation & { along: Ran<A> }> {
  const now = Date.now();
  const ran = await namedBatch(db, { tries: keys.map((key) => countStep(db, tenantId, key, now)), along });
  const counts = ran.tries.map((result) => result.results[0]!);
  let windowEnds = 0;
  keys.forEach((key, i) => {
    const { max, windowMs } = TRY_LIMITS[key.kind];
    if (counts[i]!.failures > max) windowEnds = Math.max(windowEnds, counts[i]!.window_start + windowMs);
  });
  if (windowEnds > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)), along: ran.along };
  // Given back in the caller's own batch, or on its own.
  const releaseSteps = () =>
    counts.map((count) =>
      step(
        db
          .prepare(
            "UPDATE auth_failures SET failures = failures - 1 WHERE tenant_id = ?1 AND key = ?2 AND window_start = ?3 AND failures > 0",
          )
          .bind(tenantId, count.key, count.window_start),
      ),
    );
  const release = async () => {
    await namedBatch(db, { releases: releaseSteps() });
  };
  return { ok: true, release, releaseSteps, along: ran.along };
}
