/**
 * The reward a delivered order earns (decision 027): `percent` of its total, rounded down to the minor unit, so the
 * store never gives more than its rule says. Minor units in and out.
 */
export function rewardEarned(orderTotal: number, percent: number): number {
  if (!(percent > 0) || orderTotal <= 0) return 0;
  // Percent may carry decimals (2.5): scale to basis points first so 2.5% of 1999 is not 49.974999….
  return Math.floor((orderTotal * Math.round(percent * 100)) / 10_000);
}

const DAY = 86_400_000;

/** When a reward earned at `now` lapses (null: never). */
export function rewardExpiry(now: number, expiryDays: number | null): number | null {
  return expiryDays === null ? null : now + expiryDays * DAY;
}
