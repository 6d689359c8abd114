import { tooManyRequests } from "./errors";

/**
 * The limiter's window in seconds (wrangler.toml). The binding says only yes or no, not how much of the window is
 * left, so Retry-After names the whole window: a client that waits that long is sure to be let through.
 */
const WINDOW_SECONDS = 60;

/** Counts one call against `key`; past the binding's limit, a 429 in the one error shape with Retry-After. */
export async function throttle(limiter: RateLimit, key: string): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) tooManyRequests(WINDOW_SECONDS);
}
