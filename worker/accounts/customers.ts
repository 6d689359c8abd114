import { mergeCartSteps } from "../cart/merge-cart";
import { type NamedSteps, NO_STEPS, namedBatch, type Ran, step } from "../db/batch";
import { MEDIA_PATH } from "../media/avatars";
import type { Destination } from "../messages/destination";
import { customerOwner, guestOwner } from "../shopper/owner";
import type { Shopper } from "../shopper/shopper";
import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";
import { openSessionStatement } from "./sessions";
import { tokenHash } from "./tokens";

/** A customer as the API shows them (spec section 3's user slice holds it beside the token). */
export interface CustomerDetails {
  id: number;
  name: string;
  email: string;
  phone: string;
  avatar_url: string | null;
}

/** The columns of CustomerDetails, from `customers c`. */
export const DETAILS_COLUMNS = `c.id, c.name, c.email, c.phone, '${MEDIA_PATH}' || c.avatar_key AS avatar_url`;

export interface Registration {
  name: string;
  email: string;
  phone: string;
  password: string;
  /** A referral code already checked to be another customer's (worker/api/referrals.ts). */
  referred_by?: string;
}

/** What signing in gives: the session's token for the client, and the session to sign the pages in with. */
export interface SignedIn<After extends NamedSteps = typeof NO_STEPS> {
  token: string;
  customerId: number;
  user: CustomerDetails;
  /** The results of the `after` statements the caller ran in the batch that opened the session, under their names. */
  after: Ran<After>;
}

/** The statement reading the customer a session token (as its hash) signs in, for the batch that opens it. */
function sessionDetailsStep(db: D1Database, tenantId: number, hash: string) {
  return step<CustomerDetails>(
    db
      .prepare(
        `SELECT ${DETAILS_COLUMNS}
         FROM sessions s JOIN customers c ON c.id = s.customer_id AND c.tenant_id = s.tenant_id
         WHERE s.tenant_id = ?1 AND s.token_hash = ?2`,
      )
      .bind(tenantId, hash),
  );
}

function signedInFrom<After extends NamedSteps>(result: D1Result<CustomerDetails>, token: string, after: Ran<After>): SignedIn<After> {
  const row = result.results[0];
  if (!row) throw new Error("the session just opened is missing");
  return { token, customerId: row.id, user: row, after };
}

/** The statements that move a guest's carts into the customer's (worker/cart/merge-cart.ts); none for a guest without an id. */
function mergeGuestCartSteps(db: D1Database, tenantId: number, shopper: Shopper, customerId: number) {
  if (shopper.kind !== "guest" || shopper.guestId === null) return undefined;
  return mergeCartSteps(db, tenantId, guestOwner(shopper.guestId), customerOwner(customerId));
}

/**
 * Every way of signing in ends here, in one batch: `alongWith` (the sign-in's own changes) first, a new session for
 * the customer, the guest's cart merged into the customer's, and the customer as the answer shows them.
 */
export async function openSession<After extends NamedSteps = typeof NO_STEPS>(
  db: D1Database,
  tenantId: number,
  customerId: number,
  shopper: Shopper,
  alongWith: NamedSteps = {},
  after: After = NO_STEPS as After,
): Promise<SignedIn<After>> {
  const session = await openSessionStatement(db, tenantId, customerId);
  const user = sessionDetailsStep(db, tenantId, await tokenHash(session.token));
  const ran = await namedBatch(db, {
    alongWith,
    session: step(session.statement),
    mergedCart: mergeGuestCartSteps(db, tenantId, shopper, customerId),
    user,
    after,
  });
  return signedInFrom(ran.user, session.token, ran.after);
}

/** The store's customer with this email or phone, if any. */
export async function findCustomerId(db: D1Database, tenantId: number, destination: Destination): Promise<number | null> {
  const column = destination.kind === "email" ? "email" : "phone";
  const row = await db
    .prepare(`SELECT id FROM customers WHERE tenant_id = ?1 AND ${column} = ?2`)
    .bind(tenantId, destination.value)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export type RegisterOutcome = { ok: true; signedIn: SignedIn } | { ok: false; taken: "email" | "phone" };

/**
 * Creates the account and its first session in one batch (with `alongWith`, what the registration brings: a referral,
 * which finds the new customer by email), then brings the guest's cart along. An email or phone already in this store
 * is refused (registration cannot help saying so).
 */
export async function registerCustomer(
  db: D1Database,
  tenantId: number,
  form: Registration,
  pepper: string,
  shopper: Shopper,
  alongWith: NamedSteps = {},
): Promise<RegisterOutcome> {
  const taken = await db
    .prepare("SELECT email = ?2 AS same_email FROM customers WHERE tenant_id = ?1 AND (email = ?2 OR phone = ?3) LIMIT 1")
    .bind(tenantId, form.email, form.phone)
    .first<{ same_email: number }>();
  if (taken) return { ok: false, taken: taken.same_email ? "email" : "phone" };
  const now = Date.now();
  const session = await openSessionStatement(db, tenantId, form.email);
  const insert = db
    .prepare(
      `INSERT INTO customers (tenant_id, name, email, phone, password_hash, referred_by_code, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)`,
    )
    .bind(tenantId, form.name, form.email, form.phone, await hashPassword(form.password, pepper), form.referred_by ?? null, now);
  for (let attempt = 1; ; attempt++) {
    try {
      await namedBatch(db, { customer: step(insert), alongWith, session: step(session.statement) });
      break;
    } catch (error) {
      // The referral code drawn for the customer (migrations/0016) was another's: a new draw, rarely needed twice.
      if (String(error).includes("referral_code") && attempt < 3) continue;
      // Two registrations with the same email or phone at once: the UNIQUE constraint refuses the second.
      if (String(error).includes("UNIQUE")) return { ok: false, taken: "email" };
      throw error;
    }
  }
  const signedIn = signedInFrom<typeof NO_STEPS>(
    (await namedBatch(db, { user: sessionDetailsStep(db, tenantId, await tokenHash(session.token)) })).user,
    session.token,
    NO_STEPS,
  );
  const mergedCart = mergeGuestCartSteps(db, tenantId, shopper, signedIn.customerId);
  if (mergedCart) await namedBatch(db, { mergedCart });
  return { ok: true, signedIn };
}

/** The statement reading the password of the account an email or phone names, for a batch. */
export function passwordAccountStep(db: D1Database, tenantId: number, login: { column: "email" | "phone"; value: string }) {
  // The column is one of two names, never input.
  return step<PasswordAccount>(
    db.prepare(`SELECT id, password_hash FROM customers WHERE tenant_id = ?1 AND ${login.column} = ?2`).bind(tenantId, login.value),
  );
}

export interface PasswordAccount {
  id: number;
  password_hash: string;
}

/**
 * Signs in the account `passwordAccountStep` read (null: none) with a password: a new session, the guest's cart
 * merged into the customer's, a stored hash of an older scheme replaced and `alongWith` run, all in one batch. Null
 * for an unknown account or a wrong password alike (a password is hashed either way, so the answer's timing does not
 * tell them apart).
 */
export async function signInWithPassword<After extends NamedSteps = typeof NO_STEPS>(
  db: D1Database,
  tenantId: number,
  row: PasswordAccount | null,
  password: string,
  pepper: string,
  shopper: Shopper,
  alongWith: NamedSteps = {},
  after: (customerId: number) => After = () => NO_STEPS as After,
): Promise<SignedIn<After> | null> {
  const check = await verifyPassword(password, row?.password_hash ?? UNKNOWN_ACCOUNT_HASH, pepper);
  if (!row || !check.ok) return null;
  const rehash = check.rehash
    ? step(
        db
          .prepare("UPDATE customers SET password_hash = ?3 WHERE id = ?1 AND tenant_id = ?2")
          .bind(row.id, tenantId, await hashPassword(password, pepper)),
      )
    : undefined;
  return openSession(db, tenantId, row.id, shopper, { rehash, alongWith }, after(row.id));
}

export async function customerDetails(db: D1Database, tenantId: number, customerId: number): Promise<CustomerDetails | null> {
  return db
    .prepare(`SELECT ${DETAILS_COLUMNS} FROM customers c WHERE c.id = ?1 AND c.tenant_id = ?2`)
    .bind(customerId, tenantId)
    .first<CustomerDetails>();
}
