/**
 * A signed-in request's session, checked inside its own first round trips instead of before them (decision 056). The
 * shopper layer claims the customer a session token named before (worker/accounts/session-claims.ts); until the
 * claim is verified, every call the request sends to D1 goes as a batch whose first statement is the gate, which fails
 * (so D1 runs nothing after it and rolls the batch back) unless the token's session is open and the customer's. A call
 * that got through verified the claim; the calls after it go as they are. A request that sent none verifies the claim
 * with one read before it answers (`settle`).
 */

import { rowsOf } from "./sql";

/** The claimed session ended (revoked, expired, another store's or customer's): nothing of the call was run. */
export class SessionEndedError extends Error {
  constructor() {
    super("The session has ended.");
    this.name = "SessionEndedError";
  }
}

export interface SessionClaim {
  tenantId: number;
  customerId: number;
  tokenHash: string;
  /** Called once the claim is found stale, so the claim is not made again. */
  onEnded(): void;
}

export interface SessionGate {
  /** From now on the request's calls carry the claim's check, until one verifies it. */
  claim(claim: SessionClaim): void;
  /** Whether the claim held (verifying it now if no call has): true without a claim. */
  settle(): Promise<boolean>;
  /** The claim is dropped after it failed: the request goes on as a guest's. */
  release(): void;
}

const OPEN = `EXISTS (SELECT 1 FROM sessions WHERE token_hash = ?1 AND tenant_id = ?2 AND customer_id = ?3
  AND revoked_at IS NULL AND expires_at > ?4)`;
/** The gate: json() of a text that is no JSON is an SQL error, which ends the batch before anything after it runs. */
const GATE = `SELECT json(CASE WHEN ${OPEN} THEN '1' ELSE 'session ended' END) AS open`;
const CHECK = `SELECT ${OPEN} AS open`;

export interface GateSend {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}

/**
 * The gate of one request's D1 session (`send`: the session's own prepare and batch, under the meter's count).
 * `gated(statements)` sends the statements as one batch, with the gate first while a claim is unverified.
 */
export function sessionGate(send: GateSend) {
  let claim: SessionClaim | null = null;
  let state: "none" | "pending" | "open" | "ended" = "none";
  const bound = (sql: string, c: SessionClaim) => send.prepare(sql).bind(c.tokenHash, c.tenantId, c.customerId, Date.now());

  /** After a gated batch failed: was it the gate (one more read, on this failing path only)? */
  async function endedNow(c: SessionClaim): Promise<boolean> {
    const [check] = await send.batch([bound(CHECK, c)]);
    const open = rowsOf<{ open?: number }>(check)[0]?.open === 1;
    state = open ? "open" : "ended";
    if (!open) c.onEnded();
    return !open;
  }

  async function gated(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    const c = claim;
    if (state === "ended") throw new SessionEndedError();
    if (state !== "pending" || c === null) return send.batch(statements);
    try {
      const [, ...results] = await send.batch([bound(GATE, c), ...statements]);
      if (state === "pending") state = "open";
      return results;
    } catch (error) {
      if (await endedNow(c)) throw new SessionEndedError();
      throw error;
    }
  }

  const gate: SessionGate = {
    claim(next) {
      claim = next;
      state = "pending";
    },
    async settle() {
      if (state === "pending" && claim !== null) await endedNow(claim);
      return state !== "ended";
    },
    release() {
      claim = null;
      state = "none";
    },
  };
  return { gate, gated, pending: () => state === "pending" || state === "ended" };
}

const gates = new WeakMap<D1Database, SessionGate>();

/** Registers the gate of a request's `db` (worker/db/metered-db.ts). */
export function registerGate(db: D1Database, gate: SessionGate): void {
  gates.set(db, gate);
}

/** The gate of a request's D1 binding; undefined for a plain binding (the cron's, a test's), which cannot fold a claim. */
export function gateOf(db: D1Database): SessionGate | undefined {
  return gates.get(db);
}
