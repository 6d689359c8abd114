import type { OriginContext } from "../../api/origin-context";

/**
 * How a page's operations run within one request (decision 066): a read runs once for the same input and shopper, so
 * loaders that read the same thing (the root's store data and a route's) share one answer; a change runs every time
 * and forgets the reads before it, so nothing read earlier in the request is answered stale after it.
 */
export interface RequestReads {
  read<T>(operation: string, input: readonly unknown[], run: () => Promise<T>): Promise<T>;
  change<T>(run: () => Promise<T>): Promise<T>;
}

export function readsOfOneRequest(o: OriginContext): RequestReads {
  const reads = new Map<string, Promise<unknown>>();
  return {
    read<T>(operation: string, input: readonly unknown[], run: () => Promise<T>): Promise<T> {
      // Who asks is part of the key: a sign-in earlier in the request makes the reads after it the customer's.
      const shopper = o.shopperFor(false);
      const who = shopper.kind === "customer" ? `c${shopper.customerId}` : `g${shopper.guestId ?? ""}`;
      const key = JSON.stringify([operation, input, who]);
      let pending = reads.get(key) as Promise<T> | undefined;
      if (!pending) {
        pending = run();
        reads.set(key, pending);
        // A failed read is not kept: the next loader asking tries again.
        pending.catch(() => reads.delete(key));
      }
      return pending;
    },
    change<T>(run: () => Promise<T>): Promise<T> {
      reads.clear();
      return run();
    },
  };
}
