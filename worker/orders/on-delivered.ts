import type { Env } from "../env";
import { rewardReferral } from "../referrals/referrals";
import { issueScratchCard } from "../scratch-cards/issue-card";
import { creditOrderReward } from "../wallet/order-reward";

/**
 * What follows an order's delivery, in one place: the admin route calls it after moving an order to delivered. It may
 * run twice for one order (a retried request), so each step keyed by the order does its work once.
 */
export async function onDelivered(env: Env, tenantId: number, orderId: number): Promise<void> {
  await creditOrderReward(env, tenantId, orderId);
  await issueScratchCard(env.DB, tenantId, orderId);
  await rewardReferral(env.DB, tenantId, orderId);
}
