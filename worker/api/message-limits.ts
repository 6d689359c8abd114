import type { Context } from "hono";
import { claimSend, type SendPurpose } from "../accounts/send-limits";
import type { AppEnv } from "../app-env";
import { tooManyRequests } from "./errors";
import { clientOf, reserveOrRefuse } from "./sign-in-answer";

/**
 * Every code or link asked for is counted three ways before anything is sent: per client and per store
 * (worker/accounts/tries.ts), so one client cannot spread its asks over a store's whole customer list and a crowd
 * cannot flood a store; and per destination (worker/accounts/send-limits.ts), so no phone or inbox is flooded. Any
 * limit reached is the one 429 with its wait; all are counted whether or not an account exists.
 */
export async function claimMessage(c: Context<AppEnv>, destination: string, purpose: SendPurpose): Promise<void> {
  await reserveOrRefuse(c, [
    { kind: "client-messages", value: clientOf(c) },
    { kind: "store-messages", value: "store" },
  ]);
  const claim = await claimSend(c.env.DB, c.var.tenant.id, destination, purpose);
  if (!claim.ok) tooManyRequests(claim.retryAfterSeconds);
}
