import { claimSend, type SendPurpose } from "../accounts/send-limits";
import { tooManyRequests } from "../http/errors";
import type { OriginContext } from "./origin-context";
import { reserveOrRefuse } from "./sign-in-answer";

/**
 * Every code or link asked for is counted three ways before anything is sent: per client and per store
 * (worker/accounts/tries.ts), so one client cannot spread its asks over a store's whole customer list and a crowd
 * cannot flood a store; and per destination (worker/accounts/send-limits.ts), so no phone or inbox is flooded. Any
 * limit reached is the one 429 with its wait; all are counted whether or not an account exists.
 */
export async function claimMessage(o: OriginContext, destination: string, purpose: SendPurpose): Promise<void> {
  await reserveOrRefuse(o, [
    { kind: "client-messages", value: o.client },
    { kind: "store-messages", value: "store" },
  ]);
  const claim = await claimSend(o.env.DB, o.tenant.id, destination, purpose);
  if (!claim.ok) tooManyRequests(claim.retryAfterSeconds);
}
