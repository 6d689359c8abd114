/**
 * A write refused by the fence of a store that is moving between databases (migrations/0031): D1 reports the
 * trigger's RAISE in the error's message. Nothing was written; the same request succeeds once the move is done.
 */
export function isStoreMoving(error: unknown): boolean {
  return error instanceof Error && /\bstore_moving\b/.test(error.message);
}

/** Seconds a writer is asked to wait: a move's refused window is seconds (docs/benchmark.md measures it). */
export const STORE_MOVING_RETRY_SECONDS = 5;
