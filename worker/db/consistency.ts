import { PAGE_SPEED_PATH } from "../../commerce/page-beacon";

/**
 * Where a request's first query goes (decision 055). Everything reads through a D1 session: a shopper who has written
 * starts from the bookmark of their last write (their cookie), so a replica answers only once it has that write, and
 * reads their own cart, order or sign-in; anyone else may be answered by any replica. The requests below must see the
 * primary itself, because what they decide moves money or stock from what they read: placing an order, paying and
 * the payment results, cancelling, redeeming a scratch card, the owner's and the platform's calls.
 */
const PRIMARY_POSTS: readonly RegExp[] = [
  /^\/checkout(?:\/|$)/,
  /^\/api\/place-order$/,
  /^\/api\/razorpay\//,
  /^\/api\/cancel-order$/,
  /^\/api\/user\/redeem-scratch-card$/,
  /^\/dev\/test-gateway/,
];
const PRIMARY_ANY: readonly RegExp[] = [/^\/api\/admin(?:\/|$)/, /^\/api\/platform(?:\/|$)/, /^\/api\/razorpay\//];

/** The session's start for a request: the primary, the shopper's bookmark, or any replica. */
export function sessionStart(method: string, path: string, bookmark: string | null): D1SessionBookmark | D1SessionConstraint {
  const writes = method !== "GET" && method !== "HEAD";
  if (PRIMARY_ANY.some((p) => p.test(path)) || (writes && PRIMARY_POSTS.some((p) => p.test(path)))) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

/** Writes their sender never reads back, the page-speed beacon (decision 084): no bookmark follows them, so no cookie. */
const UNREAD_WRITES: ReadonlySet<string> = new Set([PAGE_SPEED_PATH]);

/** Whether a request's write is to be read back by its sender: its answer then carries the session's bookmark. */
export const readsBackItsWrites = (path: string): boolean => !UNREAD_WRITES.has(path);
