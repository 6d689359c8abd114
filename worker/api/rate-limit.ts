import { tooManyRequests } from "../http/errors";
import { type ThrottlePurpose, throttleKey } from "../shopper/owner";
import type { OriginContext } from "./origin-context";

/**
 * The limiter's window in seconds (wrangler.toml). The binding says only yes or no, not how much of the window is
 * left, so Retry-After names the whole window: a client that waits that long is sure to be let through.
 */
const WINDOW_SECONDS = 60;

/**
 * Counts one call of `purpose` by `owner` in the call's store (CART_LIMITER, keyed by worker/shopper/owner's
 * throttleKey): one shopper's burst never throttles another, nor another store's. Past the binding's limit, a 429 in
 * the one error shape with Retry-After.
 */
export async function throttle(o: OriginContext, purpose: ThrottlePurpose, owner: string): Promise<void> {
  const { success } = await o.env.CART_LIMITER.limit({ key: throttleKey(purpose, o.tenant.id, owner) });
  if (!success) tooManyRequests(WINDOW_SECONDS);
}
