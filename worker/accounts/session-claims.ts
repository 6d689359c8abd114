/**
 * Which customer each session token this isolate has seen signs in, by the token's hash: a claim for the next request
 * with the token, never proof (decision 056). A session's customer never changes, so a claim is only ever stale by
 * the session having ended, which the request's gate finds in its first round trip (worker/db/session-gate.ts).
 */
const MAX_CLAIMS = 10_000;
const claims = new Map<string, { tenantId: number; customerId: number }>();

export function rememberSession(tokenHash: string, tenantId: number, customerId: number): void {
  claims.delete(tokenHash);
  claims.set(tokenHash, { tenantId, customerId });
  // The oldest first: a Map keeps insertion order.
  if (claims.size > MAX_CLAIMS) claims.delete(claims.keys().next().value!);
}

/** The customer the token's session was found to sign in, in this store; null if this isolate does not know it. */
export function claimedCustomer(tokenHash: string, tenantId: number): number | null {
  const claim = claims.get(tokenHash);
  return claim?.tenantId === tenantId ? claim.customerId : null;
}

export function forgetSession(tokenHash: string): void {
  claims.delete(tokenHash);
}
