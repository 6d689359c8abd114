import { env } from "cloudflare:test";
import { creditStatement } from "../../worker/wallet";

/** A credit of `amount` minor units to a customer's wallet, as a scratch card would give it (never lapsing). */
export async function creditWallet(tenantId: number, customerId: number, wallet: "cash" | "reward", amount: number): Promise<void> {
  const key = `test:${crypto.randomUUID()}`;
  await creditStatement(env.DB, {
    tenantId,
    customerId,
    wallet,
    amount,
    source: "scratch_card",
    sourceId: key.slice(0, 64),
    key,
    expiresAt: null,
    now: Date.now(),
  }).run();
}
