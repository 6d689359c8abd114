import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from "../accounts/passwords";
import { reserveTry } from "../accounts/tries";
import { namedBatch, step } from "../db/batch";
import { staffLoginStep } from "./staff";
import { openStaffSessionStep } from "./staff-sessions";

export type StaffSignIn = { ok: true; token: string } | { ok: false; retryAfterSeconds?: number };

/**
 * Signs a member in with their password, under the limits shoppers' sign-ins have (worker/accounts/tries.ts): tries
 * per account and per client, counted before the password is checked, given back when it is right. An unknown email
 * costs what a known one does, and is refused in the same words.
 */
export async function signInStaff(
  db: D1Database,
  tenantId: number,
  login: { email: string; password: string },
  client: string,
  pepper: string,
): Promise<StaffSignIn> {
  const reservation = await reserveTry(
    db,
    tenantId,
    [
      { kind: "account", value: `staff:${login.email}` },
      { kind: "client", value: client },
    ],
    { member: staffLoginStep(db, tenantId, login.email) },
  );
  if (!reservation.ok) return { ok: false, retryAfterSeconds: reservation.retryAfterSeconds };
  const member = reservation.along.member.results[0] ?? null;
  const check = await verifyPassword(login.password, member?.password_hash ?? UNKNOWN_ACCOUNT_HASH, pepper);
  if (!member || !check.ok) return { ok: false };
  const session = await openStaffSessionStep(db, tenantId, member.id);
  const rehash = check.rehash
    ? step(
        db
          .prepare("UPDATE staff SET password_hash = ?3 WHERE tenant_id = ?1 AND id = ?2")
          .bind(tenantId, member.id, await hashPassword(login.password, pepper)),
      )
    : undefined;
  await namedBatch(db, { session: session.step, rehash, releases: reservation.releaseSteps() });
  return { ok: true, token: session.token };
}
