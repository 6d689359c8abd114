import type { Env } from "../env";
import { rewardReferral } from "../referrals/referrals";
import { issueScratchCard } from "../scratch-cards/issue-card";
import { creditOrderReward } from "../wallet/order-reward";
import { publishOrderMove } from "./live-publish";
import { type OrderMessageKind, sendOrderMessage } from "./order-messages";

/**
 * What an order's move causes, in one place. Every path that moves an order calls `orderMoved` once the move is
 * written: checkout (placed), the payment paths (paid: checkout handler, redirect callback, webhook, reconcile job),
 * the customer's and the store's cancel (cancelled), the store's delivery (delivered). Each step keyed by the order does
 * its work once, so a retried request may call it again. The store's other steps (confirmed, packed, out for delivery),
 * a refund done and an expiry come here too: each is published to the store's live object (decision 051), first,
 * so open pages hear of it at once; a publish that fails is logged and never fails the move.
 *
 * A cancel's refund is not here: payments stand above orders (they move orders), so the cancel paths ask
 * payments/refunds.ts for it themselves, before this.
 */
export type OrderEvent = OrderMessageKind | "confirmed" | "packed" | "out_for_delivery" | "refunded" | "expired";

const MESSAGE_KINDS: readonly string[] = ["placed", "paid", "cancelled", "delivered"] satisfies OrderMessageKind[];

/** The moves the customer is sent a message about. */
function isMessageKind(event: OrderEvent): event is OrderMessageKind {
  return MESSAGE_KINDS.includes(event);
}

/** The effects of `event` on the order (its row id), with message links to `origin` (the store's address). */
export async function orderMoved(env: Env, tenantId: number, orderId: number, event: OrderEvent, origin: string): Promise<void> {
  await publishOrderMove(env, tenantId, orderId);
  if (event === "delivered") await onDelivered(env, tenantId, orderId);
  if (isMessageKind(event)) await sendOrderMessage(env, tenantId, orderId, event, origin);
}

/** What a delivery earns: the order's reward, a scratch card, and the referral rewards of a first delivered order. */
export async function onDelivered(env: Env, tenantId: number, orderId: number): Promise<void> {
  await creditOrderReward(env, tenantId, orderId);
  await issueScratchCard(env.DB, tenantId, orderId);
  await rewardReferral(env.DB, tenantId, orderId);
}
