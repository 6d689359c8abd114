import { type Destination, destinationKey } from "../messages/destination";
import { sixDigitCode } from "./one-time-code";

/**
 * One-time sign-in codes: six digits, for 10 minutes, 5 tries, single use. At most one live code per destination: a
 * new one replaces the old, tries and all. Stored as an HMAC under a Worker secret, bound to the store, the
 * destination and the purpose, so a stolen table reveals no code and a code is good for nothing else.
 */
export const CODE_MINUTES = 10;
export const MAX_CODE_TRIES = 5;
const CODE_MS = CODE_MINUTES * 60 * 1000;
const PURPOSE = "login";

const encoder = new TextEncoder();

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** What the HMAC covers: everything the code is tied to (JSON, so no part can run into the next). */
function signed(tenantId: number, destination: string, code: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify(["sign-in-code", tenantId, destination, PURPOSE, code]));
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** Makes a new code for the destination, replacing any earlier one, and returns it (to be sent, never stored). */
export async function issueSignInCode(db: D1Database, tenantId: number, destination: Destination, secret: string): Promise<string> {
  const code = sixDigitCode();
  const key = destinationKey(destination);
  const hmac = toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), signed(tenantId, key, code)));
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO sign_in_codes (tenant_id, destination, purpose, code_hmac, attempts, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6)
       ON CONFLICT (tenant_id, destination, purpose) DO UPDATE SET
         code_hmac = excluded.code_hmac, attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    )
    .bind(tenantId, key, PURPOSE, hmac, now, now + CODE_MS)
    .run();
  return code;
}

/**
 * Whether `code` is the destination's live code, using it up if so. Each call spends a try before the code is
 * compared (so tries made at once cannot pass the limit); past the last try even the right code is refused.
 */
export async function redeemSignInCode(
  db: D1Database,
  tenantId: number,
  destination: Destination,
  code: string,
  secret: string,
): Promise<boolean> {
  const key = destinationKey(destination);
  const live = await db
    .prepare(
      `UPDATE sign_in_codes SET attempts = attempts + 1
       WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3 AND attempts < ?4 AND expires_at > ?5
       RETURNING code_hmac`,
    )
    .bind(tenantId, key, PURPOSE, MAX_CODE_TRIES, Date.now())
    .first<{ code_hmac: string }>();
  if (!live) return false;
  // HMAC verification compares in constant time.
  const right = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromHex(live.code_hmac), signed(tenantId, key, code));
  if (!right) return false;
  // Single use: of two sign-ins with the same code at once, only the one that deletes it succeeds.
  const used = await db
    .prepare("DELETE FROM sign_in_codes WHERE tenant_id = ?1 AND destination = ?2 AND purpose = ?3 AND code_hmac = ?4")
    .bind(tenantId, key, PURPOSE, live.code_hmac)
    .run();
  return used.meta.changes === 1;
}
