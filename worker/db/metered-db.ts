/**
 * The request's one D1 binding: every call is counted, with the chain of round trips the request waited on (a call
 * that starts while none is in flight begins a new step), the time any call was in flight, and whether any statement
 * wrote. Queries go through a Sessions API session (decision 055), so reads may be served by a replica near the Worker
 * once the session's first query has told it how fresh they must be. A bench may add a delay to every round trip
 * (worker/db/bench-delay.ts) to see what distance to the primary costs.
 */

import { registerGate, SessionEndedError, sessionGate } from "./session-gate";
import { rowsOf } from "./sql";

/** What one request did with the database: what Server-Timing reports (worker/db/server-timing.ts). */
export interface DbMeter {
  /** Calls sent: first/all/run/raw of a statement, a batch, an exec. */
  calls: number;
  /** Steps of the chain: calls made while no other was in flight, so each waited for the one before. */
  roundTrips: number;
  /** Milliseconds during which at least one call was in flight. */
  ms: number;
  /** A statement that writes (INSERT, UPDATE, DELETE, REPLACE) was sent. */
  wrote: boolean;
}

export interface MeteredDb {
  /** Passed on as `env.DB` to everything the request runs. */
  db: D1Database;
  meter: DbMeter;
  /** The session's latest bookmark, or null before its first query. */
  bookmark(): string | null;
}

const WRITE = /^\s*(?:WITH\b[\s\S]*?\b)?(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The database a request's queries go to, and its session there. */
export interface OpenedDb {
  db: D1Database;
  session: D1DatabaseSession;
}

/**
 * Wraps one request's database: its queries go through the session `open` gives (a bookmark, or where the first query
 * goes), each delayed by `delayMs` first. The database is opened at the first query, because which one it is depends
 * on the store the request is for (decision 061), found after the wrapper is made.
 */
export function meteredDb(open: () => OpenedDb, delayMs = 0): MeteredDb {
  let opened: OpenedDb | null = null;
  const target = () => {
    opened ??= open();
    return opened;
  };
  const session = {
    prepare: (query: string) => target().session.prepare(query),
    batch: (statements: D1PreparedStatement[]) => target().session.batch(statements),
  };
  const meter: DbMeter = { calls: 0, roundTrips: 0, ms: 0, wrote: false };
  let inFlight = 0;
  let busySince = 0;
  const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  // A signed-in request's claimed session rides along with its calls until one verifies it (worker/db/session-gate.ts).
  const { gate, gated, pending } = sessionGate({ prepare: (query) => session.prepare(query), batch: (s) => session.batch(s) });

  /** One statement's call: as it is, or while the session is unverified, in a batch behind the gate. */
  function single<T>(statement: D1PreparedStatement, plain: () => Promise<T>, fromResult: (result: D1Result) => T): Promise<T> {
    if (!pending()) return call(plain);
    return call(async () => fromResult((await gated([statement]))[0]!));
  }
  const firstOf = (column?: string) => (result: D1Result) => {
    const row = rowsOf<Record<string, unknown>>(result)[0] ?? null;
    return column === undefined || row === null ? row : (row[column] ?? null);
  };

  async function call<T>(send: () => Promise<T>): Promise<T> {
    meter.calls++;
    if (inFlight === 0) {
      meter.roundTrips++;
      busySince = performance.now();
    }
    inFlight++;
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return await send();
    } finally {
      inFlight--;
      if (inFlight === 0) meter.ms += performance.now() - busySince;
    }
  }

  function wrap(statement: D1PreparedStatement, writes: boolean): D1PreparedStatement {
    const counted = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), writes),
      first: (column?: string) => {
        meter.wrote ||= writes;
        const plain = () => (column === undefined ? statement.first() : statement.first(column));
        return single<unknown>(statement, plain, firstOf(column));
      },
      run: () => {
        meter.wrote ||= writes;
        return single(
          statement,
          () => statement.run(),
          (result) => result,
        );
      },
      all: () => {
        meter.wrote ||= writes;
        return single(
          statement,
          () => statement.all(),
          (result) => result,
        );
      },
      raw: async (options?: { columnNames?: boolean }) => {
        meter.wrote ||= writes;
        // Rows as arrays have no batch form: an unverified claim is settled first.
        if (pending() && !(await call(() => gate.settle()))) throw new SessionEndedError();
        return call(() => statement.raw(options as { columnNames?: false }));
      },
    } as unknown as D1PreparedStatement;
    inner.set(counted, statement);
    writing.set(counted, writes);
    return counted;
  }
  const writing = new WeakMap<D1PreparedStatement, boolean>();

  const metered = {
    prepare: (query: string) => wrap(session.prepare(query), WRITE.test(query)),
    batch: <T>(statements: D1PreparedStatement[]) => {
      if (statements.some((s) => writing.get(s))) meter.wrote = true;
      return call(() => gated(statements.map((s) => inner.get(s) ?? s)) as Promise<D1Result<T>[]>);
    },
    // A session has no exec; nothing a request runs uses it, but the binding's shape stays whole.
    exec: (query: string) => {
      if (WRITE.test(query)) meter.wrote = true;
      return call(() => target().db.exec(query));
    },
    withSession: (constraint?: D1SessionBookmark | D1SessionConstraint) => target().db.withSession(constraint),
    dump: () => target().db.dump(),
  } as unknown as D1Database;

  registerGate(metered, { ...gate, settle: () => (pending() ? call(() => gate.settle()) : gate.settle()) });
  return { db: metered, meter, bookmark: () => opened?.session.getBookmark() ?? null };
}
