import { namedBatch, step } from "../db/batch";

/**
 * How often a code or link may be sent to one destination, per purpose: one per 30 seconds and five per hour. Counted
 * exactly in D1 (`message_sends`), for every request whether or not an account was found, so the limit itself says
 * nothing about accounts. The check and the count are one statement, so two requests at once cannot both pass.
 */
export const SEND_GAP_SECONDS = 30;
export const SENDS_PER_HOUR = 5;
const GAP_MS = SEND_GAP_SECONDS * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type SendPurpose = "login" | "reset";

export type SendClaim = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one send to `destination`, or says how long to wait when a limit has been reached. */
export async function claimSend(db: D1Database, tenantId: number, destination: string, purpose: SendPurpose): Promise<SendClaim> {
  const now = Date.now();
  const ran = await namedBatch(db, {
    expired: step(
      db
        .prepare("DELETE FROM message_sends WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3 AND sent_at <= ?4")
        .bind(tenantId, destination, purpose, now - HOUR_MS),
    ),
    counted: step(
      db
        .prepare(
          `INSERT INTO message_sends (tenant_id, destination, purpose, sent_at)
           SELECT ?1, ?2, ?3, ?4
           WHERE NOT EXISTS (SELECT 1 FROM message_sends WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3 AND sent_at > ?5)
             AND (SELECT count(*) FROM message_sends WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3) < ?6`,
        )
        .bind(tenantId, destination, purpose, now, now - GAP_MS, SENDS_PER_HOUR),
    ),
  });
  if (ran.counted.meta.changes === 1) return { ok: true };
  const sends = await db
    .prepare(
      `SELECT count(*) AS n, min(sent_at) AS oldest, max(sent_at) AS latest
       FROM message_sends WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3`,
    )
    .bind(tenantId, destination, purpose)
    .first<{ n: number; oldest: number; latest: number }>();
  // The later of: the end of the gap after the latest send, and (when the hour is full) the hour after the oldest.
  const gapEnds = (sends?.latest ?? now) + GAP_MS;
  const hourEnds = sends && sends.n >= SENDS_PER_HOUR ? sends.oldest + HOUR_MS : now;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(gapEnds, hourEnds) - now) / 1000)) };
}
